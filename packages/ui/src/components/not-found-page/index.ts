export { NotFoundPage, type NotFoundPageProps } from './not-found-page.tsx';
