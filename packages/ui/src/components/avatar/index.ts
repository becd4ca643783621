export {
  Avatar,
  AvatarGroup,
  avatarVariants,
  type AvatarGroupProps,
  type AvatarProps,
} from './avatar';
export { initialsOf } from './initials';
