import { Flex } from '@radix-ui/themes';
import { PageHeader, Prose } from '@verdant/ui';
import { Link } from 'react-router';

/** How Verdant works: tracking, attribution, commissions and data protection. */
export function Component() {
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Technical wiki — how Verdant works</title>
      <PageHeader
        title="Technical wiki"
        description="How tracking, attribution, commissions and data protection work on Verdant."
      />
      <Prose asChild>
        <article>
          <nav aria-label="On this page">
            <ul>
              <li>
                <a href="#tracking">Tracked links</a>
              </li>
              <li>
                <a href="#attribution">Attribution</a>
              </li>
              <li>
                <a href="#commissions">Commissions and payouts</a>
              </li>
              <li>
                <a href="#claims">Sustainability claims and CO2e</a>
              </li>
              <li>
                <a href="#data">Data protection</a>
              </li>
            </ul>
          </nav>

          <h2 id="tracking">Tracked links</h2>
          <p>
            Every affiliate link has the form <code>/go/&#123;code&#125;</code>. When someone opens
            it, the server looks the code up, answers with a redirect to the product or page at
            once, and records the click afterwards so the visitor never waits for the database.
          </p>
          <ul>
            <li>
              A click stores the link, the time, the referring page, the kind of device and a
              one-way hash of the visitor’s IP address and browser. The IP address itself is not
              stored.
            </li>
            <li>
              One click per link and visitor per hour counts as unique. Link previews, crawlers and
              HEAD requests are recorded as bots and never count.
            </li>
            <li>
              Unknown or disabled codes show a “link not found” page; a link never redirects to an
              address outside its program’s destination.
            </li>
            <li>
              Clicks are append-only and rolled up per day, so dashboards read daily totals instead
              of scanning every click.
            </li>
          </ul>

          <h2 id="attribution">Attribution</h2>
          <p>
            The click sets a first-party cookie, <code>verdant_ref</code>, on Verdant’s own domain.
            It holds only the click’s id, cannot be read by scripts (<code>HttpOnly</code>), is sent
            only with top-level navigation (<code>SameSite=Lax</code>), and lasts as long as the
            program’s cookie window, between 1 and 365 days as the merchant chooses.
          </p>
          <p>
            At checkout the click id travels with the payment as a reference, so the sale is
            attributed even when the cookie is gone. The rule is <strong>last click wins</strong>:
            the most recent click within the cookie window earns the commission.
          </p>

          <h2 id="commissions">Commissions and payouts</h2>
          <ol>
            <li>
              A paid order creates a <em>pending</em> commission: a percentage of the order total or
              a flat amount per item sold, as the program says.
            </li>
            <li>
              After the program’s holding period (0–180 days, to cover returns) it becomes{' '}
              <em>approved</em>.
            </li>
            <li>
              Approved commissions are bundled into a payout and marked <em>paid</em> when the
              transfer is made.
            </li>
            <li>
              A refund before payout <em>reverses</em> the commission. A refund after payout adds a
              negative <em>clawback</em> row that is settled against the next payout.
            </li>
          </ol>
          <p>
            Payment events from the card processor are verified by signature and applied exactly
            once, in whatever order they arrive. The split of every order (merchant, affiliate,
            platform fee, payment fee) is stored and published monthly on the{' '}
            <Link to="/revenue-transparency">revenue transparency</Link> page.
          </p>

          <h2 id="claims">Sustainability claims and CO2e</h2>
          <p>
            A claim is a statement with evidence: a document or link, its issuer, its scope and its
            expiry. Administrators review each claim; only approved, unexpired claims show as
            verified. A product’s CO2e figure is an estimate in grams and is never shown without the
            source it came from, such as a lifecycle assessment or a supplier declaration.
          </p>

          <h2 id="data">Data protection</h2>
          <ul>
            <li>
              Access rules live in the database: every table has row-level security, so a request
              can only read or change what its signed-in user may, whatever the page does.
            </li>
            <li>
              Other users see only your name, username, avatar and bio. Subscription, onboarding and
              contact details are yours and the administrators’.
            </li>
            <li>
              Messages between merchants and affiliates are visible only to the two people in the
              conversation.
            </li>
            <li>
              Uploaded files are served as downloads with a restrictive content policy, never as
              pages that could run scripts.
            </li>
            <li>
              Administrator powers require a second factor for accounts that have one enrolled.
            </li>
          </ul>
          <p>
            What is stored in your browser is listed on the <Link to="/cookies">cookies</Link> page;
            what we keep about you is on the <Link to="/privacy">privacy</Link> page.
          </p>
        </article>
      </Prose>
    </Flex>
  );
}
