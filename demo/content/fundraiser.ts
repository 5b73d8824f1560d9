/** The next fundraiser the home page counts down to, and the year's numbers. */
export const nextFundraiser = {
  name: 'Midwinter Harbour Swim',
  /** Saturday 6 February 2027, 10:00 in Port Ellery (UTC-5); the month is 0-based as §3's markup. */
  countdown: { year: 2027, month: 1, day: 6, hour: 10, minute: 0, timezone: -300 },
  when: 'Saturday 6 February 2027 at 10 am, from the quay steps',
} as const;

export const yearInNumbers = [
  { number: 4862, label: 'home visits by our nurses this year' },
  { number: 1275, label: 'hours of play and music therapy' },
  { number: 318, label: 'volunteers, from drivers to gardeners' },
] as const;

export const appealProgress = [
  { label: 'Night nursing for the islands', value: 82, valueText: '$41,000 of $50,000' },
  { label: 'A new sensory room', value: 57, valueText: '$17,100 of $30,000' },
  { label: 'Sibling days for 2027', value: 34, valueText: '$3,400 of $10,000' },
] as const;
