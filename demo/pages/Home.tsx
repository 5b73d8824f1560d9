import { site } from '../site';
import { DonateSection } from './home/DonateSection';
import { FundraiserSection } from './home/FundraiserSection';
import { ParallaxSection } from './home/ParallaxSection';
import { HeroSlideshow } from './home/HeroSlideshow';

export function HomePage() {
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <h1 id="hero-title">{site.tagline}</h1>
          <p className="lead">
            Since 1998 our nurses, therapists and volunteers have cared for children with long-term illness across Port
            Ellery and the islands, at home, at school and in our day centre by the harbour.
          </p>
          <p>
            <a className="button" href="/dosing/">
              Open the dosing guide
            </a>{' '}
            <a className="button button--quiet" href="#contact">
              Talk to a nurse
            </a>
          </p>
        </div>
        <HeroSlideshow />
      </section>
      <section className="page" id="services" aria-labelledby="services-title">
        <h2 id="services-title">Our care</h2>
        <div className="cards">
          <article className="card">
            <h3>Nursing at home</h3>
            <p>Our nurses visit every day of the year, so children can sleep in their own beds between hospital stays.</p>
          </article>
          <article className="card">
            <h3>The Harbour Room</h3>
            <p>A day centre with play therapy, music and a quiet garden, open to brothers and sisters too.</p>
          </article>
          <article className="card">
            <h3>Family support</h3>
            <p>Counselling, help with forms and benefits, and a parents’ group that meets on Thursday evenings.</p>
          </article>
        </div>
      </section>
      <ParallaxSection />
      <FundraiserSection />
      <DonateSection />
    </>
  );
}
