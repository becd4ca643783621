/** The page's title, description and heading: the route and the prerendered HTML use these. */
export const FAQ_PAGE = {
  title: 'Frequently asked questions — Verdant',
  description:
    'Answers about Verdant: affiliate earnings, attribution cookies, verified sustainability claims, CO2e estimates, fees, shipping, returns and refunds.',
  heading: 'Frequently asked questions',
  intro: 'How Verdant tracks, attributes and pays, and how claims are checked.',
} as const;

/**
 * The questions of /faq-crawlers. The build writes them, with their FAQPage structured data,
 * into the served HTML of /faq-crawlers (see prerender.ts), and the route renders the same.
 */
export const FAQ = [
  {
    question: 'What is Verdant?',
    answer:
      'Verdant is an affiliate-marketing platform for sustainable products. Creators share tracked links to products from merchants whose sustainability claims have been reviewed, and earn a commission on each sale they send.',
  },
  {
    question: 'How does an affiliate earn money on Verdant?',
    answer:
      'An affiliate joins a merchant’s program, creates a tracked link and shares it. When a shopper buys within the program’s cookie window, the sale is attributed to the last link they clicked and a commission is created. It is approved after the program’s holding period and paid out with the affiliate’s other approved commissions.',
  },
  {
    question: 'How long does the attribution cookie last?',
    answer:
      'As long as the merchant’s program says: its cookie window, between 1 and 365 days. The verdant_ref cookie holds only the id of the click and is set on Verdant’s own domain.',
  },
  {
    question: 'How are sustainability claims verified?',
    answer:
      'Merchants upload evidence for each claim, such as a certificate, audit or lifecycle assessment, with its issuer, scope and expiry. An administrator reviews it; only approved claims that have not expired are shown as verified.',
  },
  {
    question: 'Where does the CO2e estimate of a product come from?',
    answer:
      'The merchant provides an estimate in grams of CO2-equivalent together with its source, for example a lifecycle assessment. Verdant never shows a CO2e figure without its source.',
  },
  {
    question: 'What does a merchant pay?',
    answer:
      'The commission set in its program for each attributed sale, and the platform fee on each order. The split of every order between merchant, affiliate, platform and payment provider is published monthly on the revenue transparency page.',
  },
  {
    question: 'What happens when an order is refunded?',
    answer:
      'A refund before payout reverses the affiliate’s commission. A refund after payout creates a negative clawback that is settled against the affiliate’s next payout.',
  },
  {
    question: 'Who ships my order, and how do returns work?',
    answer:
      'The merchant who sells the product ships it to the address you give at checkout and handles its delivery, returns and refunds. Write to the merchant first; if it has not answered within 14 days, tell us through the contact form and we follow it up. A refund goes back to the card you paid with.',
  },
  {
    question: 'Does Verdant store my card?',
    answer:
      'No. Card payments are taken by our payment provider, Stripe, on its own checkout page. Verdant never sees or stores your card number.',
  },
  {
    question: 'Can I try Verdant without an account?',
    answer:
      'Yes. The demo at /demo shows the affiliate dashboard with sample data. Nothing you do in the demo is stored on our servers; leaving the demo clears its data from your browser.',
  },
] as const;

/**
 * schema.org FAQPage structured data for the questions above, safe inside a script element
 * (every "<" is escaped, so no text can close it).
 */
export function faqStructuredData(): string {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: FAQ.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  }).replace(/</g, '\\u003c');
}
