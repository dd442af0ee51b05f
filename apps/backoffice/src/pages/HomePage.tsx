import { useEffect } from 'react';
import { Link } from 'react-router';
import { menuFor, roleLabels } from '../app/access';
import { useSession } from '../stores/session';

/** The first screen after login: the staff member's sections and pages. */
export function HomePage() {
  const staff = useSession((s) => s.staff)!;
  useEffect(() => {
    document.title = 'หน้าหลัก — Chok หลังบ้าน';
  }, []);
  const menu = menuFor(staff.role);
  return (
    <>
      <h1>สวัสดี {staff.username}</h1>
      <p className="hint">สิทธิ์: {roleLabels[staff.role]}</p>
      {menu.length === 0 && <p>ยังไม่มีหน้าที่สิทธิ์นี้ใช้งานได้</p>}
      <div className="cards">
        {menu.map(({ section, pages }) => (
          <section key={section.id} className="card" aria-labelledby={`home-${section.id}`}>
            <h2 id={`home-${section.id}`}>{section.label}</h2>
            <ul>
              {pages.map((p) => (
                <li key={p.path}>
                  <Link to={`/${p.path}`}>{p.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
