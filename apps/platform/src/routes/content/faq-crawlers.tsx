import { Flex } from '@radix-ui/themes';
import { PageHeader, Prose } from '@verdant/ui';
import { FAQ, FAQ_PAGE, faqStructuredData } from './faq';

/** The structured data is already in the head when the page was loaded from its prerendered HTML. */
const prerendered = () =>
  typeof document !== 'undefined' &&
  document.head.querySelector('script[type="application/ld+json"][data-prerendered="faq"]') !==
    null;

/**
 * The FAQ for crawlers. The served HTML of /faq-crawlers already holds the same questions and
 * their FAQPage structured data (written at build time from the same content); this page renders
 * them for people, and adds the structured data itself when reached inside the app.
 */
export function Component() {
  return (
    <Flex direction="column" gap="5" py="5">
      <title>{FAQ_PAGE.title}</title>
      <meta name="description" content={FAQ_PAGE.description} />
      {prerendered() ? null : <script type="application/ld+json">{faqStructuredData()}</script>}
      <PageHeader title={FAQ_PAGE.heading} description={FAQ_PAGE.intro} />
      <Prose asChild>
        <dl>
          {FAQ.map((item) => (
            <div key={item.question}>
              <dt>
                <strong>{item.question}</strong>
              </dt>
              <dd>{item.answer}</dd>
            </div>
          ))}
        </dl>
      </Prose>
    </Flex>
  );
}
