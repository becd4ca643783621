export {
  Avatar,
  AvatarGroup,
  avatarVariants,
  type AvatarGroupProps,
  type AvatarProps,
} from './avatar.tsx';
export { initialsOf } from './initials.ts';
