import type { AccordionSliderContent } from '../../widgets/AccordionSlider/AccordionSlider';
import type { LightboxContent } from '../../widgets/Lightbox/Lightbox';
import type { ImageGalleryContent } from '../../widgets/ImageGallery/ImageGallery';
import type { SlideshowContent } from '../../widgets/Slideshow/Slideshow';
import { scenes } from './scenes';

export const galleryImages: ImageGalleryContent = {
  label: 'Photos from Harbourlight',
  items: [
    { image: scenes.harbour, caption: 'The harbour at dawn' },
    { image: scenes.dayCentre, caption: 'The Harbour Room', previewLink: { href: '/#services', newWindow: false } },
    { image: scenes.garden, caption: 'The quiet garden' },
    { image: scenes.boats, caption: 'The summer sailing outing' },
    { image: scenes.kiteHill, caption: 'Kite day on the hill' },
    { image: scenes.musicRoom, caption: 'Music therapy' },
    { image: scenes.library, caption: 'The reading corner' },
    { image: scenes.nurseVisit, caption: 'A nurse’s home visit' },
  ],
};

export const stories: LightboxContent = {
  label: 'Family stories',
  items: [
    { url: '/stories/ella.html', title: 'Ella’s first sail' },
    { url: '/stories/sam.html', title: 'Sam’s music sessions' },
    { url: '/stories/garden.html', title: 'Planting the garden' },
    // An image address: the lightbox shows the picture itself rather than fetching a page (§7).
    { url: scenes.musicRoom.src, title: 'A photo of the music room', alt: scenes.musicRoom.alt },
  ],
};

/** The accordion image slider on the gallery page. */
export const places: AccordionSliderContent = {
  label: 'Places we care for children',
  panels: [
    { title: 'The Harbour Room', text: 'Our day centre, open Monday to Friday.', image: scenes.dayCentre },
    { title: 'The garden', text: 'A quiet place for families, with a bench in the sun.', image: scenes.garden },
    { title: 'The reading corner', text: 'Picture books, cushions and a volunteer reader on Wednesdays.', image: scenes.library },
    { title: 'At home', text: 'Most of our care happens in the family’s own home.', image: scenes.nurseVisit },
  ],
};

/** The full-screen slider at the foot of the gallery page: a short film of the harbour, then a picture. */
export const harbourFilm: SlideshowContent = {
  label: 'The harbour on film',
  slides: [
    // No mobile image on purpose: phones show the §8 notice in its place.
    { title: 'Waves in the harbour', image: scenes.harbour, video: { src: '/media/harbour-waves.webm', type: 'video/webm' } },
    { title: 'Boats on the bay', image: scenes.boats },
  ],
};
