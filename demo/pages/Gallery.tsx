import { Island } from '../../runtime/build/Island';
import accordionSlider from '../../widgets/AccordionSlider/widget';
import carousel from '../../widgets/Carousel/widget';
import horizontalGallery from '../../widgets/HorizontalGallery/widget';
import { itemSlot } from '../../widgets/Carousel/Carousel';
import imageGallery from '../../widgets/ImageGallery/widget';
import lightbox from '../../widgets/Lightbox/widget';
import slideshow from '../../widgets/Slideshow/widget';
import { captionSlot } from '../../widgets/Slideshow/Slideshow';
import { galleryImages, harbourFilm, history, outingSlides, places, stories } from '../content/gallery';

const outingCaptions = [
  'Forty families met at the quay at nine.',
  'The sailing club lent us three boats and their crews.',
  'Lunch and kites on Gull Hill.',
  'Tea and sunflowers back at the day centre.',
];

export function GalleryPage() {
  return (
    <article className="page gallery-page">
      <h1>Gallery</h1>
      <p className="lead">Pictures and stories from the children and families we care for, shared with their permission.</p>
      <section aria-labelledby="photos-title">
        <h2 id="photos-title">Photos</h2>
        <p>Choose a photo to see it larger. Use the arrow keys to move between photos and Escape to close.</p>
        <Island widget={imageGallery} content={galleryImages} id="photo-gallery" />
      </section>
      <section aria-labelledby="outing-title">
        <h2 id="outing-title">The summer outing</h2>
        <Island
          widget={slideshow}
          id="outing-slideshow"
          settings={{ animation: 'slide', loop_manual: 'manual-endless', transitionSpeed: 900, easing: 'easeInOutQuart' }}
          content={outingSlides}
          slots={Object.fromEntries(outingCaptions.map((text, index) => [captionSlot(index), <p key={index}>{text}</p>]))}
        />
      </section>
      <section aria-labelledby="strip-title">
        <h2 id="strip-title">A year in pictures</h2>
        <Island
          widget={horizontalGallery}
          id="year-strip"
          settings={{ initial: '' }}
          content={{ label: 'Pictures through the year', items: galleryImages.items.map(({ image, caption }) => ({ image, caption })) }}
        />
      </section>
      <section aria-labelledby="places-title">
        <h2 id="places-title">Our places</h2>
        <Island widget={accordionSlider} id="places" settings={{ autoplay: true, loop_autoplay: 'once' }} content={places} />
      </section>
      <section aria-labelledby="history-title">
        <h2 id="history-title">Our story so far</h2>
        <Island
          widget={carousel}
          id="history-timeline"
          settings={{ timeline: true }}
          content={{ label: 'Timeline', items: history.map(({ title }) => ({ title })) }}
          slots={Object.fromEntries(history.map(({ text }, index) => [itemSlot(index), <p key={index}>{text}</p>]))}
        />
      </section>
      <section aria-labelledby="stories-title">
        <h2 id="stories-title">Family stories</h2>
        <Island widget={lightbox} content={stories} id="family-stories" />
      </section>
      <section aria-labelledby="film-title" className="gallery-page__film">
        <h2 id="film-title">The harbour on film</h2>
        <Island
          widget={slideshow}
          id="harbour-film"
          settings={{ fullscreen: true, parallax: true, autoplay: true, interval: 8, loop_autoplay: 'endless', animation: 'fade', fullfade: true }}
          content={{ ...harbourFilm, label: 'Harbour film' }}
        />
      </section>
    </article>
  );
}
