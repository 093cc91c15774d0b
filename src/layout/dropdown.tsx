import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface DropdownItem {
  key: string;
  label: ReactNode;
  active?: boolean;
  divided?: boolean;
}

/** A button with a menu under it; closes on choice, Escape or a click elsewhere. */
export function Dropdown({
  trigger,
  label,
  items,
  onSelect,
  className = '',
}: {
  trigger: ReactNode;
  label: string;
  items: DropdownItem[];
  onSelect: (key: string) => void;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className={`pc-dropdown ${className}`} ref={root}>
      <button
        className="pc-navbar__item"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        title={label}
        onClick={() => setOpen(!open)}
      >
        {trigger}
      </button>
      {open ? (
        <ul className="pc-dropdown__menu" role="menu">
          {items.map((item) => (
            <li key={item.key} role="none" className={item.divided ? 'is-divided' : undefined}>
              <button
                role="menuitem"
                className={item.active ? 'is-active' : undefined}
                onClick={() => {
                  setOpen(false);
                  onSelect(item.key);
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
