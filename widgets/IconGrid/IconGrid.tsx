/**
 * §1 Icon grid with flip cards. No island and no machine: a card flips on hover and when it (or
 * anything in it) has focus, and a tap focuses it on touch screens, so CSS holds the only state.
 * Both faces are in the reading order, so nothing is hidden from assistive technology or without JS.
 */
export interface IconGridItem {
  icon: string;
  title: string;
  text: string;
}

export function IconGrid({ items, label }: { items: IconGridItem[]; label: string }) {
  return (
    <ul className="icon-grid" aria-label={label}>
      {items.map((item) => (
        <li key={item.title} className="icon-grid__cell">
          <div className="icon-grid__card" tabIndex={0}>
            <div className="icon-grid__front">
              <span className="icon-grid__icon" aria-hidden="true">
                {item.icon}
              </span>
              <h3 className="icon-grid__title">{item.title}</h3>
            </div>
            <div className="icon-grid__back">
              <p>{item.text}</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
