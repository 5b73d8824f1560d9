import { DAY_MS, replayHomePage } from './runtime/replay/home-day';
let events = 0;
replayHomePage(DAY_MS, () => (e) => { if (e.type === '@xstate.event') events++; });
console.log('events', events);
console.log('bare', replayHomePage(DAY_MS).ms, replayHomePage(DAY_MS).ms);
