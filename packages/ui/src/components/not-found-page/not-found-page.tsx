import * as React from 'react';
import { EmptyStateIllustration } from '../empty-state/illustration.tsx';
import { Logomark } from '../logomark/logomark.tsx';

export interface NotFoundPageProps extends Omit<React.ComponentPropsWithoutRef<'main'>, 'title'> {
  title?: React.ReactNode;
  description?: React.ReactNode;
  /** Ways out, e.g. `<Button asChild><Link to="/">Go to the home page</Link></Button>`. */
  actions?: React.ReactNode;
}

/** The branded 404 page: logomark, a lost-sign illustration, the status, a message and ways out. */
export const NotFoundPage = React.forwardRef<HTMLElement, NotFoundPageProps>(function NotFoundPage(
  {
    title = 'Page not found',
    description = 'The page you are looking for does not exist or has moved. Check the address, or start again from the home page.',
    actions,
    className,
    ...rest
  },
  ref,
) {
  return (
    <main
      ref={ref}
      data-slot="not-found-page"
      className={['vd-not-found-page', className].filter(Boolean).join(' ')}
      {...rest}
    >
      <Logomark size={36} title="Verdant" className="vd-not-found-page__mark" />
      <EmptyStateIllustration name="lost" className="vd-not-found-page__art" />
      <p className="vd-not-found-page__status">Error 404</p>
      <h1 className="vd-not-found-page__title">{title}</h1>
      <p className="vd-not-found-page__description">{description}</p>
      {actions ? <div className="vd-not-found-page__actions">{actions}</div> : null}
    </main>
  );
});
