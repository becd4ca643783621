import { Box, Flex, Grid, Heading, Text, Theme } from '@radix-ui/themes';
import { Badge, Button, Card, PageHeader } from '@verdant/ui';
import { Link } from 'react-router-dom';
import { usePageReady } from '../lib/data.ts';
import { themeProps, usePrinting } from '../lib/print.ts';
import { SHEETS, SHEET_NAMES } from '../lib/sheets.ts';

/** `/one-sheet`: every one-sheet with its screen and print versions and its PDFs. */
export function OneSheetIndex() {
  const printing = usePrinting();
  usePageReady(true);
  return (
    <Theme {...themeProps(printing)}>
      <title>One-sheets — Verdant</title>
      <Box
        asChild
        px={{ initial: '4', md: '6' }}
        py="6"
        style={{ maxWidth: 1120, margin: '0 auto' }}
      >
        <main>
          <PageHeader
            title="One-sheets"
            description="Print-ready summaries for sales conversations. Each fits exactly one A4 or US Letter page and carries live program terms and platform figures."
            actions={
              <Flex gap="2" data-print-hide>
                <Button asChild variant="secondary">
                  <Link to="/presentation">Presentation</Link>
                </Button>
                <Button asChild variant="secondary">
                  <Link to="/investors">Investors</Link>
                </Button>
              </Flex>
            }
          />
          <Grid columns={{ initial: '1', md: '2' }} gap="4" mt="5">
            {SHEET_NAMES.map((name) => {
              const sheet = SHEETS[name];
              return (
                <Card key={name} size="lg" variant="brand" asChild>
                  <section aria-labelledby={`${name}-title`}>
                    <Badge tone="success">{sheet.audience}</Badge>
                    <Heading as="h2" size="5" mt="2" id={`${name}-title`}>
                      {sheet.title}
                    </Heading>
                    <Text as="p" size="2" color="gray" mt="1" mb="4">
                      {sheet.headline}
                    </Text>
                    <Flex gap="2" wrap="wrap" data-print-hide>
                      <Button asChild variant="secondary" size="sm">
                        <Link to={`/${name}`} aria-label={`Open ${sheet.title}`}>
                          Open
                        </Link>
                      </Button>
                      <Button asChild variant="secondary" size="sm">
                        <Link to={`/${name}/print?autoprint=1`} aria-label={`Print ${sheet.title}`}>
                          Print
                        </Link>
                      </Button>
                      <Button asChild variant="primary" size="sm">
                        <a
                          href={`/one-sheet/pdf/${name}.pdf`}
                          download
                          aria-label={`Download PDF of ${sheet.title} (A4)`}
                        >
                          Download PDF
                        </a>
                      </Button>
                      <Button asChild variant="ghost" size="sm">
                        <a
                          href={`/one-sheet/pdf/${name}-letter.pdf`}
                          download
                          aria-label={`US Letter PDF of ${sheet.title}`}
                        >
                          US Letter PDF
                        </a>
                      </Button>
                    </Flex>
                  </section>
                </Card>
              );
            })}
          </Grid>
        </main>
      </Box>
    </Theme>
  );
}
