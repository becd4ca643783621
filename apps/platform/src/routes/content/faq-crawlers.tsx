import { Flex } from '@radix-ui/themes';
import { PageHeader, Prose } from '@verdant/ui';
import { FAQ, FAQ_PAGE, faqStructuredData } from './faq.ts';

/**
 * The FAQ for crawlers: the questions, their answers and their FAQPage structured data. The build
 * prerenders this page (prerender.ts), so the served HTML of /faq-crawlers holds all of it without
 * JavaScript; in the browser the app takes that HTML over.
 */
export function Component() {
  return (
    <Flex direction="column" gap="5" py="5">
      <title>{FAQ_PAGE.title}</title>
      <meta name="description" content={FAQ_PAGE.description} />
      <script type="application/ld+json">{faqStructuredData()}</script>
      <PageHeader title={FAQ_PAGE.heading} description={FAQ_PAGE.intro} />
      {/* The list's spacing is the app's (.vd-platform-faq): the served HTML keeps plain terms. */}
      <Prose asChild>
        <dl className="vd-platform-faq">
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
