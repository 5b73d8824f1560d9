import { Island } from '../../runtime/build/Island';
import { IconGrid } from '../../widgets/IconGrid/IconGrid';
import iconCircles from '../../widgets/IconCircles/widget';
import iconList from '../../widgets/IconList/widget';
import imageHotspots from '../../widgets/ImageHotspots/widget';
import portfolio from '../../widgets/Portfolio/widget';
import { templateId } from '../../widgets/Portfolio/Portfolio';
import textRotator from '../../widgets/TextRotator/widget';
import { TEAM_GROUPS, team } from '../content/team';

const PORTFOLIO_ID = 'team';

const values = [
  { icon: '♥', title: 'Kindness', text: 'We treat every family as we would want our own to be treated.' },
  { icon: '⌂', title: 'Home first', text: 'Care happens at home whenever it can, so children sleep in their own beds.' },
  { icon: '☀', title: 'Play', text: 'Children are children first: every visit leaves room for play.' },
  { icon: '✆', title: 'Always there', text: 'A nurse answers the phone at any hour of the day or night.' },
];

const services = [
  { icon: '✚', title: 'Nursing at home', text: 'Daily visits, medicines, feeds and equipment, 365 days a year.' },
  { icon: '♫', title: 'Therapies', text: 'Music, play and art therapy in the Harbour Room or at home.' },
  { icon: '☂', title: 'Short breaks', text: 'Overnight stays so parents can rest, with a nurse on hand.' },
  { icon: '☺', title: 'Family support', text: 'Counselling, benefits help and a parents’ group.' },
];

const referral = [
  { icon: '1', title: 'Call or write to us', text: 'Anyone can refer a child: a parent, a doctor, a teacher.' },
  { icon: '2', title: 'A nurse visits', text: 'Within a week a nurse visits your home to meet your child and you.' },
  { icon: '3', title: 'A plan together', text: 'We agree a care plan with you and your child’s doctors.' },
  { icon: '4', title: 'Care begins', text: 'Visits start, and you have our 24-hour number.' },
];

const rooms = [
  { x: 24, y: 31, title: 'Music corner', text: 'Instruments for every age, and a piano that has seen a lot of love.' },
  { x: 59, y: 31, title: 'Sensory room', text: 'Lights, sounds and soft spaces for children who need calm.' },
  { x: 85, y: 44, title: 'Quiet garden', text: 'Raised beds at wheelchair height and a bench in the sun.' },
  { x: 39, y: 74, title: 'Family kitchen', text: 'Tea, toast and a place for parents to talk.' },
];

/** /team/: who we are (text rotator, values, services, referral steps, the Harbour Room) and the team portfolio. */
export function TeamPage() {
  return (
    <article className="page page--wide">
      <h1>Meet the team</h1>
      <Island
        widget={textRotator}
        settings={{ animation: 'typewriter', interval: 4 }}
        content={{ before: 'We are', lines: ['nurses', 'therapists', 'drivers', 'gardeners', 'neighbours'], after: 'for the children of Port Ellery.' }}
      />
      <h2 id="team-title">Our people</h2>
      <p>Choose a person to read more about them.</p>
      <Island
        widget={portfolio}
        settings={{ portfolioId: PORTFOLIO_ID }}
        content={{
          label: 'Team',
          filters: TEAM_GROUPS.map((g) => ({ slug: g.slug, label: g.label })),
          entries: team.map((m) => ({
            id: m.id,
            title: m.name,
            subtitle: m.role,
            categories: [m.group],
            image: { src: `/images/team/${m.avatar}.svg`, alt: '' },
          })),
        }}
      />
      {team.map((m) => (
        <template key={m.id} id={templateId(PORTFOLIO_ID, m.id)}>
          <h3>{m.name}</h3>
          <p className="portfolio__role">{m.role}</p>
          {m.bio.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            <strong>When to find {m.name.split(' ')[0]}:</strong> {m.contact}
          </p>
        </template>
      ))}
      <h2 id="values-title">What we stand for</h2>
      <Island widget={iconCircles} content={{ label: 'Our values', items: values }} />
      <h2 id="services-title">What we do</h2>
      <IconGrid items={services} label="Our services" />
      <h2 id="referral-title">How a referral works</h2>
      <Island widget={iconList} content={{ label: 'Referral steps', items: referral }} />
      <h2 id="room-title">Inside the Harbour Room</h2>
      <Island
        widget={imageHotspots}
        content={{
          image: { src: '/images/harbour-room.svg', alt: 'Floor plan of the Harbour Room day centre', width: 800, height: 450 },
          caption: 'The Harbour Room day centre, by the quay. Choose a numbered spot to read about it.',
          spots: rooms,
        }}
      />
    </article>
  );
}
