import { User } from 'lucide-react';
import type { PublicUser } from '@shared/contracts/auth';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

interface UserAvatarProps {
  user: Pick<PublicUser, 'profileImageUrl'>;
  className?: string;
}

/** The profile image, or a neutral person icon when there is none or it fails to load. */
export function UserAvatar({ user, className }: UserAvatarProps) {
  return (
    <Avatar className={cn('size-9', className)}>
      {user.profileImageUrl && <AvatarImage src={user.profileImageUrl} alt="" />}
      <AvatarFallback>
        <User className="size-4" aria-hidden="true" />
      </AvatarFallback>
    </Avatar>
  );
}
