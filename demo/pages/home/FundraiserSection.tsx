import { Island } from '../../../runtime/build/Island';
import animatedNumber from '../../../widgets/AnimatedNumber/widget';
import countdown from '../../../widgets/Countdown/widget';
import progressBars from '../../../widgets/ProgressBars/widget';
import { appealProgress, nextFundraiser, yearInNumbers } from '../../content/fundraiser';

/** Home: the year in numbers (animated counters), the countdown to the next fundraiser, the appeals. */
export function FundraiserSection() {
  return (
    <section className="page fundraiser" id="fundraiser" aria-labelledby="fundraiser-title">
      <h2 id="fundraiser-title">Our year in numbers</h2>
      <div className="fundraiser__numbers">
        {yearInNumbers.map((item) => (
          <Island key={item.label} widget={animatedNumber} settings={{ number: item.number, start_from: 0, number_format: ',' }} content={{ label: item.label }} />
        ))}
      </div>
      <h2 id="countdown-title">Next fundraiser: the {nextFundraiser.name}</h2>
      <Island
        widget={countdown}
        settings={nextFundraiser.countdown}
        content={{ label: `Time until the ${nextFundraiser.name}`, when: nextFundraiser.when, ended: `The ${nextFundraiser.name} has begun. Thank you, swimmers!` }}
      />
      <h2 id="appeals-title">Where the money goes</h2>
      <Island widget={progressBars} content={{ bars: appealProgress }} />
      <p>
        <a href="/news/">Read the latest news</a> or <a href="/team/">meet the team</a>.
      </p>
    </section>
  );
}
