import { Clock, ShieldCheck, Users } from 'lucide-react';

/** The three features the sign-in screen advertises (spec §1). */
const FEATURES = [
  { icon: Users, text: 'Team collaboration on tickets' },
  { icon: Clock, text: 'Time tracking integrated with Harvest' },
  { icon: ShieldCheck, text: 'Password-based authentication with secure sessions' },
] as const;

export function ProductFeatures() {
  return (
    <ul className="space-y-4">
      {FEATURES.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <span className="text-sm font-medium text-foreground">{text}</span>
        </li>
      ))}
    </ul>
  );
}
