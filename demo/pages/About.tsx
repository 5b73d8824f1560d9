import { Island } from '../../runtime/build/Island';
import tableOfContents from '../../widgets/TableOfContents/widget';
import { Tooltip } from '../components/Tooltip';
import { minHeightClass } from '../../machines/min-height/min-height.rules';

/**
 * A long article page (issue 6): a table of contents built from its headings with scroll-spy, a
 * '#next-section' link, sections of minimum height, an equal-height row of cards revealed at their
 * waypoints, and tooltips on the jargon.
 */
export function AboutPage() {
  return (
    <>
      <section className={`page about-intro ${minHeightClass(50)}`} id="about-intro" aria-labelledby="about-title">
        <h1 id="about-title">About Harbourlight</h1>
        <p className="lead">
          Who we are, how we began, what a visit from our nurses looks like, and how you can help. This page is long: the
          contents list follows you as you read.
        </p>
        <p>
          <a className="button" href="#next-section">
            Read on
          </a>
        </p>
      </section>
      <div className="page article-layout">
        <Island widget={tableOfContents} settings={{ levels: '2,3', exclude: '.toc-exclude' }} content={{ title: 'On this page' }} className="island-toc" />
        <article className="article" aria-labelledby="about-title">
          <section id="who-we-are" aria-labelledby="who-we-are-title">
            <h2 id="who-we-are-title">Who we are</h2>
            <p>
              Harbourlight is a nurse-led charity. Twenty-two nurses, four play therapists, two social workers and about sixty
              volunteers care for children with long-term illness, and for the families around them, across Port Ellery and
              the islands.
            </p>
            <p>
              Most of the children we see have spent time in a{' '}
              <Tooltip id="tip-picu" tip="Paediatric intensive care unit: the hospital ward for the most seriously ill children.">
                PICU
              </Tooltip>{' '}
              and now live at home with equipment and medicines that need a steady, trained hand. Our nurses bring that hand to
              the kitchen table.
            </p>
            <h3>Where we work</h3>
            <p>
              From the Harbour Room on Quay Lane we cover the town, the three islands served by the ferry, and the farms up to
              the county line. A nurse is never more than forty minutes away.
            </p>
            <h3>Who pays for it</h3>
            <p>
              Families pay nothing. About half of our costs are met by the county health board; the rest comes from
              donations, our two charity shops and the Harbour Swim every August.
            </p>
          </section>
          <section id="our-history" className={minHeightClass(75)} aria-labelledby="our-history-title">
            <h2 id="our-history-title">Our history</h2>
            <p>
              In 1998 two children’s nurses from the county hospital began visiting families at the weekend, in their own
              time, with a borrowed car and a box of supplies. Within a year the hospital asked them to do it full time.
            </p>
            <h3>The Harbour Room</h3>
            <p>
              The old harbour master’s office became our day centre in 2006. Volunteers rebuilt it over two summers; the
              garden was planted by the children who use it.
            </p>
            <h3>Night nursing</h3>
            <p>
              Since 2015 a nurse has been on call every night of the year, so that a worrying fever at three in the morning
              means a phone call, not a drive to the emergency department.
            </p>
          </section>
          <section>
            <h2>How a visit works</h2>
            <p>
              Your child’s hospital team refers you, or you call us yourself. Within a week a nurse visits to meet your child,
              learn their routines and agree a plan with you.
            </p>
            <h3>Before the first visit</h3>
            <p>
              We ask for your child’s discharge letter and a list of their medicines. If your child uses a{' '}
              <Tooltip id="tip-ng" tip="Nasogastric tube: a thin tube through the nose that carries feeds to the stomach.">
                NG tube
              </Tooltip>{' '}
              or oxygen, tell us, so the nurse brings the right supplies.
            </p>
            <h3>During a visit</h3>
            <p>
              Visits last from half an hour to a whole afternoon. The nurse checks on your child, does any care that needs a
              nurse, and shows you anything you would like to do yourself.
            </p>
            <h3 className="toc-exclude">A note for professionals</h3>
            <p>Referral forms for hospital and school staff are available from our office on request.</p>
          </section>
          <section id="volunteering" aria-labelledby="volunteering-title">
            <h2 id="volunteering-title">Volunteering</h2>
            <p>
              Volunteers drive children to appointments, run the garden, help in the shops and sit with brothers and sisters
              while parents get an hour to themselves. Every volunteer is trained and checked before they start.
            </p>
            <p>
              If you can give two hours a week, <a href="#contact">write to us</a>.
            </p>
          </section>
          <section id="our-values" aria-labelledby="our-values-title">
            <h2 id="our-values-title">What we hold to</h2>
            <div className="cards" data-equal-heights="">
              <article className="card" data-waypoint="80">
                <h3>Children first</h3>
                <p>Every plan starts with what the child wants their day to look like.</p>
              </article>
              <article className="card" data-waypoint="80">
                <h3>Families know best</h3>
                <p>Parents are the experts on their child. We bring nursing skill, they bring everything else, and we listen.</p>
              </article>
              <article className="card" data-waypoint="95">
                <h3>Close to home</h3>
                <p>Care happens in the kitchen, the classroom and the garden, not only on a ward.</p>
              </article>
            </div>
          </section>
        </article>
      </div>
    </>
  );
}
