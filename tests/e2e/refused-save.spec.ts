import { test, expect, signIn, uniqueSuffix, adminToken } from './fixtures';
import md5 from 'blueimp-md5';

const GRANTS = 'menu:m-parkingAdmin,button:b-parking:edit';

test('a save the server refuses (403) shows the refusal and keeps what was typed; a refused navigation goes to /401', async ({
  page,
  request,
}) => {
  const s = uniqueSuffix();
  const headers = { Authorization: await adminToken(request) };
  const role = await (
    await request.post('/api/system/Role', { headers, data: { fullName: `车场编辑${s}`, enCode: `lotEdit${s}`, grants: GRANTS } })
  ).json();
  expect(role.code, role.msg).toBe(200);
  const account = `edit${s}`;
  const user = await (
    await request.post('/api/system/Permission/Users', {
      headers,
      data: { account, realName: '车场编辑员', roleIds: [role.data.id], userPassword: md5('Edit1234'), validatePassword: md5('Edit1234') },
    })
  ).json();
  expect(user.code, user.msg).toBe(200);

  await signIn(page, { account, password: 'Edit1234' }, '/parkingAdmin/add/p-ns-hac-02');
  const name = page.locator('[name="parkingName"]');
  await expect(name).toHaveValue('海岸城购物中心停车场');
  await name.fill(`海岸城改名${s}`);

  // the grant is taken away while the form is open
  const revoked = await (
    await request.put(`/api/system/Role/${role.data.id}/Menus`, { headers, data: { grants: 'menu:m-parkingAdmin' } })
  ).json();
  expect(revoked.code, revoked.msg).toBe(200);
  await page.getByRole('button', { name: '保存' }).click();

  await expect(page.getByText(/没有权限/).first()).toBeVisible();
  await expect(page).toHaveURL(/#\/parkingAdmin\/add\/p-ns-hac-02$/);
  await expect(name).toHaveValue(`海岸城改名${s}`);

  // a route whose action the user may not perform (no parking:add) still goes to /401
  await page.goto('/#/parkingAdmin/add/0');
  await expect(page).toHaveURL(/#\/401/);
});
