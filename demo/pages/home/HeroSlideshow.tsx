import { Island } from '../../../runtime/build/Island';
import slideshow from '../../../widgets/Slideshow/widget';
import { captionSlot, type SlideshowContent } from '../../../widgets/Slideshow/Slideshow';
import { scenes } from '../../content/scenes';

const content: SlideshowContent = {
  label: 'Life at Harbourlight',
  slides: [
    { title: 'Our harbour', image: scenes.harbour },
    { title: 'The Harbour Room', image: scenes.dayCentre },
    { title: 'The garden', image: scenes.garden },
    { title: 'Nursing at home', image: scenes.nurseVisit },
  ],
};

const captions = [
  <p key="0">Care by the harbour since 1998.</p>,
  <p key="1">The Harbour Room: play, music and rest, five days a week.</p>,
  <p key="2">A quiet garden for children and their families.</p>,
  <p key="3">
    Nurses at home every day of the year. <a href="#contact">Ask about a visit</a>.
  </p>,
];

/** The home page hero: a fading slideshow of life at Harbourlight whose pictures slowly enlarge (§1, §3, §4 Slideshow widget). */
export function HeroSlideshow() {
  return (
    <Island
      widget={slideshow}
      className="hero__slideshow"
      id="hero-slideshow"
      settings={{ autoplay: true, interval: 6, loop_autoplay: 'endless', animation: 'fade', transitionSpeed: 900, enlarge: true }}
      content={content}
      slots={Object.fromEntries(captions.map((caption, index) => [captionSlot(index), caption]))}
    />
  );
}
