import { Flex } from '@radix-ui/themes';
import { PageHeader, Prose } from '@verdant/ui';
import { Link } from 'react-router';

/** The privacy notice: what Verdant stores, why, who sees it and how long it is kept. */
export function Component() {
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Privacy — Verdant</title>
      <PageHeader title="Privacy" description="What we store about you, why, and who can see it." />
      <Prose asChild>
        <article>
          <h2>Your account</h2>
          <p>
            When you sign up we store your email address, a hash of your password (never the
            password), your name, a username and your role (affiliate or merchant). You may add an
            avatar and a short bio. Other users see only your name, username, avatar and bio.
          </p>
          <h2>Merchants</h2>
          <p>
            Merchants give us their company name, website, description, sustainability claims with
            evidence, and payout details. Claims and evidence are reviewed by administrators;
            evidence documents are stored privately and shown only to the merchant and
            administrators.
          </p>
          <h2>Clicks and sales</h2>
          <p>
            When a tracked link is opened we record the time, the referring page, the kind of device
            and a one-way hash of the IP address and browser, used to count unique visitors and to
            filter bots. We do not store the IP address. Orders record what was bought, the amount,
            the buyer’s email for the receipt and which affiliate link, if any, led to the sale.
            Card details are handled by our payment provider and never reach Verdant.
          </p>
          <h2>Performance and errors</h2>
          <p>
            The app reports page load times, visits to the home page and script errors (the error
            message, page address and browser) so that we can find slow pages and bugs. These
            reports are readable only by administrators.
          </p>
          <h2>Messages</h2>
          <p>
            Conversations between a merchant and an affiliate are visible only to those two people.
            Messages sent through the contact form are read by administrators.
          </p>
          <h2>How long we keep data</h2>
          <p>
            Account data is kept while your account exists. Orders, commissions and payouts are kept
            as long as accounting law requires. Click records are kept for as long as they are
            needed for attribution and reporting.
          </p>
          <h2>Your rights</h2>
          <p>
            You can see and edit your profile at any time on your profile page. To receive a copy of
            your data or to delete your account, write to us through the{' '}
            <Link to="/contact">contact form</Link>; we answer within 30 days. What your browser
            stores is described on the <Link to="/cookies">cookies</Link> page.
          </p>
        </article>
      </Prose>
    </Flex>
  );
}
