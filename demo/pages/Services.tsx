import { Island } from '../../runtime/build/Island';
import layoutTabs from '../../widgets/LayoutTabs/widget';
import magazineTabs from '../../widgets/MagazineTabs/widget';
import stickySubmenu from '../../widgets/StickySubmenu/widget';
import tabSection from '../../widgets/TabSection/widget';
import tabs from '../../widgets/Tabs/widget';
import toggles from '../../widgets/Toggles/widget';
import { site } from '../site';

/** The services page: every tabbed widget of issue 7 on one page (§1, §2, §4). */
export function ServicesPage() {
  return (
    <article className="page">
      <h1>Our services</h1>
      <p className="lead">
        Nursing at home, a day centre by the harbour, and support for the whole family. Everything we offer is free for
        families in Port Ellery and the islands.
      </p>
      <p>
        <a href="/ar/" lang="ar" hrefLang="ar">
          اقرأ عن خدماتنا بالعربية
        </a>
      </p>

      <Island
        widget={stickySubmenu}
        className="sc-submenu-island"
        content={{
          id: 'services-submenu',
          label: 'On this page',
          buttonLabel: 'On this page',
          links: [
            { href: '#at-a-glance', label: 'At a glance' },
            { href: '#programmes', label: 'Programmes' },
            { href: '#referral', label: 'Referral' },
            { href: '#news', label: 'News' },
            { href: '#questions', label: 'Questions' },
          ],
        }}
      />

      <section id="at-a-glance" aria-labelledby="at-a-glance-title">
        <h2 id="at-a-glance-title">Care at a glance</h2>
        <Island
          widget={tabs}
          content={{
            label: 'Our care',
            tabs: [
              { id: 'home-nursing', title: 'Nursing at home' },
              { id: 'harbour-room', title: 'The Harbour Room' },
              { id: 'family-support', title: 'Family support' },
            ],
          }}
          slots={{
            'home-nursing': (
              <p>
                Our nurses visit every day of the year, including nights when a child is very unwell, so children can sleep in
                their own beds between hospital stays. They give medicines, care for lines and feeding tubes, and teach
                parents what they want to learn.
              </p>
            ),
            'harbour-room': (
              <p>
                A day centre with play therapy, music and a quiet garden, open Monday to Saturday. Brothers and sisters are
                welcome after school, and a nurse is always on the floor.
              </p>
            ),
            'family-support': (
              <p>
                Counselling, help with forms and benefits, and a parents’ group that meets on Thursday evenings. We also
                drive families to hospital appointments on the mainland.
              </p>
            ),
          }}
        />
      </section>

      <section id="programmes" aria-labelledby="programmes-title">
        <h2 id="programmes-title">Programmes</h2>
        <Island
          widget={tabSection}
          settings={{ autoHeight: true }}
          content={{
            label: 'Programmes',
            tabs: [
              { id: 'programme-nursing', title: 'Specialist nursing', titleColor: '#06424b', arrowBackground: '#06424b' },
              { id: 'programme-play', title: 'Play therapy', titleColor: '#7a2e8c', arrowBackground: '#7a2e8c' },
              { id: 'programme-music', title: 'Music and art', titleColor: '#8a4b00', arrowBackground: '#8a4b00' },
              { id: 'programme-respite', title: 'Short breaks', titleColor: '#1f5c1f', arrowBackground: '#1f5c1f' },
              { id: 'programme-bereavement', title: 'Bereavement care', titleColor: '#38407a', arrowBackground: '#38407a' },
            ],
          }}
          slots={{
            'programme-nursing': (
              <>
                <p>Children’s nurses with training in palliative care, pain relief and complex equipment.</p>
              </>
            ),
            'programme-play': (
              <>
                <p>
                  Play helps children make sense of hospital, of treatment and of feelings they have no words for yet. Our
                  two play therapists see children at home, in the Harbour Room and on the children’s ward.
                </p>
                <p>Sessions last about 45 minutes and follow the child’s lead.</p>
                <p>Parents can stay, or take the time for themselves over a cup of tea next door.</p>
              </>
            ),
            'programme-music': (
              <>
                <p>Weekly music sessions and an art table that never closes. Everything made here can go home.</p>
                <p>Children too unwell to come in get a visit from our musician instead.</p>
              </>
            ),
            'programme-respite': (
              <>
                <p>
                  Up to 28 nights a year in our two family suites, with nurses caring for your child so that you can sleep.
                </p>
              </>
            ),
            'programme-bereavement': (
              <>
                <p>We stay with families after a child dies, for as long as they want us: visits, groups and a yearly day of remembrance.</p>
              </>
            ),
          }}
        />
      </section>

      <section id="referral" aria-labelledby="referral-title">
        <h2 id="referral-title">How referral works</h2>
        <Island
          widget={layoutTabs}
          content={{
            label: 'Referral steps',
            tabs: [
              { id: 'step-ask', title: 'Ask' },
              { id: 'step-visit', title: 'First visit' },
              { id: 'step-plan', title: 'Care plan' },
              { id: 'step-start', title: 'Care starts' },
            ],
          }}
          slots={{
            'step-ask': <p>Anyone can refer a child: parents, doctors, nurses or teachers. Call {site.phone} or write to {site.email}.</p>,
            'step-visit': <p>Within a week a nurse visits you at home to meet your child and hear what would help most.</p>,
            'step-plan': <p>Together we write a care plan, and we share it with your child’s doctors if you agree.</p>,
            'step-start': <p>Care starts as soon as the plan is agreed, often within two weeks of your first call.</p>,
          }}
        />
      </section>

      <section id="news" aria-labelledby="news-title">
        <h2 id="news-title">News and events</h2>
        <Island
          widget={magazineTabs}
          content={{
            label: 'Show entries',
            allLabel: 'Everything',
            groups: [
              { id: 'news', label: 'News' },
              { id: 'events', label: 'Events' },
              { id: 'stories', label: 'Family stories' },
            ],
            entries: [
              {
                title: 'A second family suite opens',
                href: '/#services',
                date: '2026-10-02',
                dateLabel: '2 October 2026',
                summary: 'Short breaks for two families at once, from this winter.',
                groups: ['news'],
              },
              {
                title: 'Harbour swim for Harbourlight',
                href: '/#services',
                date: '2026-09-12',
                dateLabel: '12 September 2026',
                summary: 'Ninety swimmers crossed the harbour and raised enough for a year of music sessions.',
                groups: ['events', 'news'],
              },
              {
                title: 'Lantern walk',
                href: '/#services',
                date: '2026-12-13',
                dateLabel: '13 December 2026',
                summary: 'Our winter walk along the quay, with lanterns made in the Harbour Room.',
                groups: ['events'],
              },
              {
                title: 'New play therapist',
                href: '/#services',
                date: '2026-08-20',
                dateLabel: '20 August 2026',
                summary: 'Mara joins us from the children’s hospital on the mainland.',
                groups: ['news'],
              },
            ],
          }}
        />
      </section>

      <section id="questions" aria-labelledby="questions-title">
        <h2 id="questions-title">Questions families ask</h2>
        <Island
          widget={toggles}
          settings={{ closeAll: true }}
          content={{
            toggles: [
              { id: 'question-cost', title: 'What does it cost?' },
              { id: 'question-who', title: 'Which children do you care for?' },
              { id: 'question-area', title: 'Where do you visit?' },
              { id: 'question-siblings', title: 'Can brothers and sisters come?' },
            ],
          }}
          slots={{
            'question-cost': <p>Nothing. Our care is paid for by donations and a grant from the county.</p>,
            'question-who': <p>Children and young people up to 19 with an illness that may shorten their life, and their families.</p>,
            'question-area': <p>Port Ellery, the three islands and the coast road as far as Brannock.</p>,
            'question-siblings': <p>Yes. The Harbour Room has a sibling group every Wednesday after school.</p>,
          }}
        />
      </section>
    </article>
  );
}
