import { observer } from 'mobx-react-lite';
import { userStore } from '../../stores/user-store';

const UserCenter = observer(function UserCenter() {
  const user = userStore.user;
  if (!user) return null;
  return (
    <section className="pc-card">
      <h2>个人中心</h2>
      <dl>
        <dt>账号</dt>
        <dd>{user.userName}</dd>
        <dt>姓名</dt>
        <dd>{user.realName}</dd>
      </dl>
    </section>
  );
});

export default UserCenter;
