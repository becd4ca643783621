export { Avatar, avatarVariants, type AvatarProps } from './avatar';
export { initialsOf } from './initials';
