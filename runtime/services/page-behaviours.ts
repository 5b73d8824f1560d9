import type { PageService } from '../services';
import { burgerMenu } from './burger-menu';
import { curtainFooter } from './curtain-footer';
import { scrollTopLink, stickyHeader } from './header';
import { heightEqualiser } from './height-equaliser';
import { parallax } from './parallax';
import { scrollSpy } from './scroll-spy';
import { smoothScroll } from './smooth-scroll';
import { tooltips } from './tooltips';
import { waypoints } from './waypoints';

/**
 * The page behaviours of issue 6, in start order: the burger counts the menu's items, so it starts
 * after any service that adds one (register these after the Language link).
 */
export const pageBehaviours: readonly PageService[] = [
  stickyHeader,
  scrollTopLink,
  burgerMenu,
  smoothScroll,
  scrollSpy,
  parallax,
  curtainFooter,
  heightEqualiser,
  waypoints,
  tooltips,
];
