import { useId, useState } from 'react';
import { Link } from 'react-router';
import { isOwnerToken } from '@/lib/owner';
import { logout } from '@/lib/logout';
import type { Session } from '@/lib/session';
import { useMenu } from '@/lib/use-menu';

/** The signed-in member's menu: its own chunk, loaded once a session is there (member-menu.tsx). */
export default function SignedInMenu({ session }: { session: Session }) {
  const { open, toggle, close, ref: menuRef, toggleRef, onBlur } = useMenu();
  const id = useId();
  const [mail, setMail] = useState<'idle' | 'sending' | 'sent'>('idle');

  const sendMail = async () => {
    setMail('sending');
    const [{ sendVerificationMail, explain }, { notify }] = await Promise.all([import('./session-actions'), import('@/lib/toast')]);
    try {
      const email = await sendVerificationMail();
      notify('success', `驗證信已寄至 ${email}`);
      setMail('sent');
    } catch (err) {
      notify('error', explain(err));
      setMail('idle');
    }
  };

  const logOut = () => {
    close();
    logout();
  };

  const name = session.name || session.email || '會員';
  return (
    <div className="dropdown member-menu" ref={menuRef} onBlur={onBlur}>
      <button
        ref={toggleRef}
        type="button"
        className="nav__link dropdown__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={toggle}
        data-testid="member-menu"
      >
        {session.picture ? <img className="member-menu__avatar" src={session.picture} alt="" width="24" height="24" referrerPolicy="no-referrer" /> : null}
        <span className="member-menu__name">{name}</span>
        <span aria-hidden="true" className="dropdown__caret">
          ▾
        </span>
      </button>
      <div id={id} className="dropdown__menu member-menu__panel" hidden={!open}>
        <p className="member-menu__who">
          <span className="visually-hidden">登入帳號：</span>
          {session.email}
        </p>
        {!session.emailVerified && session.email && (
          <button type="button" className="dropdown__item" onClick={() => void sendMail()} disabled={mail !== 'idle'}>
            {mail === 'sent' ? '驗證信已寄出' : mail === 'sending' ? '寄送中…' : '寄送信箱驗證信'}
          </button>
        )}
        {isOwnerToken(session.idToken) ? (
          <Link className="dropdown__item" to="/admin">
            店長後台
          </Link>
        ) : null}
        <Link className="dropdown__item" to="/order">
          我的訂單
        </Link>
        <Link className="dropdown__item" to="/user/profile">
          會員資料
        </Link>
        <button type="button" className="dropdown__item" onClick={logOut}>
          登出
        </button>
      </div>
    </div>
  );
}
