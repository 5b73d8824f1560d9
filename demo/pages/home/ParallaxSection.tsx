import type { CSSProperties } from 'react';

/**
 * Parallax sections on the home page (§1, §9): the background drifts at data-parallax-speed
 * (default 0.5) once the parallax service has positioned it; a still picture without JS, on
 * mobile, and under reduced motion.
 */
export function ParallaxSection() {
  const picture = { '--parallax-image': 'url(/images/parallax-tide.svg)' } as CSSProperties;
  return (
    <>
      <section className="parallax" data-parallax="" aria-labelledby="parallax-night-title" style={picture}>
        <div className="parallax__bg" aria-hidden="true" />
        <div className="parallax__content">
          <h2 id="parallax-night-title">A nurse on call every night</h2>
          <p>Families we care for have one number to ring, at any hour, and a nurse who knows their child answers it.</p>
        </div>
      </section>
      <section className="parallax" data-parallax="" data-parallax-speed="0.8" aria-labelledby="parallax-volunteer-title" style={picture}>
        <div className="parallax__bg" aria-hidden="true" />
        <div className="parallax__content">
          <h2 id="parallax-volunteer-title">Volunteers by the harbour</h2>
          <p>
            Sixty volunteers drive children to appointments, run the garden and keep the Harbour Room’s kettle warm.{' '}
            <a href="/about/#volunteering">How to join them</a>
          </p>
        </div>
      </section>
    </>
  );
}
