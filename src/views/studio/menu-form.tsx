import { useEffect, useState, type FormEvent } from 'react';
import { addToMenu, menuDirectories } from './studio-api';
import { st } from './studio-texts';
import { uiText } from '../../i18n/text-table';

/** A saved page into the menu: an entry under a chosen directory, which is the page's permission. */
export function MenuForm({
  urlAddress,
  title,
  onDone,
}: {
  urlAddress: string;
  title: string;
  onDone: (message: string, ok: boolean) => void;
}) {
  const [dirs, setDirs] = useState<{ id: string; fullName: string }[]>([]);
  const [parentId, setParentId] = useState('');
  const [fullName, setFullName] = useState(title);
  const [enCode, setEnCode] = useState(urlAddress.split('/').pop() ?? '');
  useEffect(() => {
    void menuDirectories().then((res) => {
      setDirs(res.data?.list ?? []);
      setParentId(res.data?.list[0]?.id ?? '');
    });
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void addToMenu({ parentId, fullName, enCode, urlAddress }).then((res) =>
      onDone(res.code === 200 && res.data ? st('added', { path: res.data.path }) : res.msg, res.code === 200),
    );
  };
  return (
    <form className="pc-studio-menu-form" onSubmit={submit}>
      <label>
        {st('directory')}
        <select value={parentId} onChange={(e) => setParentId(e.target.value)}>
          {dirs.map((d) => (
            <option key={d.id} value={d.id}>
              {uiText(d.fullName)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {st('menuName')}
        <input value={fullName} onChange={(e) => setFullName(e.target.value)} required maxLength={50} />
      </label>
      <label>
        {st('menuCode')}
        <input value={enCode} onChange={(e) => setEnCode(e.target.value)} required maxLength={50} pattern="[A-Za-z][A-Za-z0-9_]*" />
      </label>
      <button type="submit" className="pc-btn pc-btn--primary">
        {st('addToMenu')}
      </button>
    </form>
  );
}
