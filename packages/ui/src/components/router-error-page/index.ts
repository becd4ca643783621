export {
  RouterErrorPage,
  describeRouteError,
  type RouterErrorPageProps,
} from './router-error-page.tsx';
