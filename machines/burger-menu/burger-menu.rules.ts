/**
 * §9: the burger replaces the menu below 768 px on phones; otherwise below 1024 px, the width from
 * which the header fits in one row (issue 19 moved it up from §9's 990 px).
 */
export const PHONE_SWITCH_WIDTH = 768;
export const DESKTOP_SWITCH_WIDTH = 1024;

export function burgerSwitchWidth(isPhone: boolean): number {
  return isPhone ? PHONE_SWITCH_WIDTH : DESKTOP_SWITCH_WIDTH;
}

/** The burger shows below its switch width; at or above it the full menu shows and the burger is hidden. */
export function isBurgerHidden(viewportWidth: number, switchWidth: number): boolean {
  return viewportWidth >= switchWidth;
}
