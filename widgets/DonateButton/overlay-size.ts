/** §9: the donate overlay is 612 x 760 px (the popup opens at the same size). */
export const OVERLAY_WIDTH_PX = 612;
export const OVERLAY_HEIGHT_PX = 760;
/** §9: below 470 px wide the overlay fills the screen (the CSS media query uses the same number). */
export const OVERLAY_FULL_SCREEN_BELOW_PX = 470;
