/** The team shown on /team/ (fictional people), with each one's longer preview text. */
export interface TeamMember {
  id: string;
  name: string;
  role: string;
  group: 'nurses' | 'therapists' | 'volunteers';
  avatar: string;
  bio: string[];
  contact: string;
}

export const TEAM_GROUPS = [
  { slug: 'nurses', label: 'Nurses' },
  { slug: 'therapists', label: 'Therapists' },
  { slug: 'volunteers', label: 'Volunteers' },
] as const;

export const team: TeamMember[] = [
  { id: 'maria', name: 'Maria Okafor', role: 'Lead community nurse', group: 'nurses', avatar: 'teal', contact: 'Visits Monday to Friday', bio: ['Maria has nursed children at home in Port Ellery for sixteen years.', 'She leads the day and night nursing rotas and trains every new nurse.'] },
  { id: 'tom', name: 'Tom Reyes', role: 'Night nurse, islands', group: 'nurses', avatar: 'blue', contact: 'On call 8 pm to 8 am', bio: ['Tom crosses to Gull and Cask Island on the night ferry.', 'Before Harbourlight he worked on the children’s ward in Portland.'] },
  { id: 'ines', name: 'Inès Laurent', role: 'Music therapist', group: 'therapists', avatar: 'amber', contact: 'Tuesdays in the Harbour Room', bio: ['Inès runs open music sessions for children and their brothers and sisters.', 'She plays cello, ukulele and anything with a drum skin.'] },
  { id: 'sam', name: 'Sam Whitfield', role: 'Play therapist', group: 'therapists', avatar: 'green', contact: 'Mondays and Thursdays', bio: ['Sam helps children make sense of hospital stays through play.', 'Ask about the famous cardboard lighthouse.'] },
  { id: 'june', name: 'June Park', role: 'Volunteer driver', group: 'volunteers', avatar: 'rose', contact: 'Hospital runs on Wednesdays', bio: ['June has driven families to Portland Children’s Hospital every week since 2019.'] },
  { id: 'ed', name: 'Ed Marsh', role: 'Garden volunteer', group: 'volunteers', avatar: 'green', contact: 'Saturday mornings', bio: ['Ed keeps the quiet garden quiet, and the tomatoes growing.'] },
];
