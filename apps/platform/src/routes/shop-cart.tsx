import { ApiError } from '@verdant/api-client';
import { Box, Flex, Grid, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import {
  Button,
  Card,
  EmptyState,
  ErrorCard,
  Field,
  PageHeader,
  TextInput,
  formatPrice,
  toast,
} from '@verdant/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import {
  MAX_QUANTITY,
  cartStore,
  checkoutItems,
  lineTotal,
  removeFromCart,
  restoreLine,
  setQuantity,
  useCart,
  type CartLine,
} from '../lib/cart.ts';
import { groupByMerchant, quantityProblem, type MerchantGroup } from '../lib/cart-lines.ts';
import { errorMessage } from './vendor-format.ts';
import { UNDO_DURATION } from '../lib/undo.ts';

/** What the merchant has of a product: a count, null for no limit, undefined while unknown. */
type StockOf = (productId: string) => number | null | undefined;

/** Said of a line whose product is no longer for sale (archived, or its merchant suspended). */
const UNAVAILABLE = 'No longer for sale: remove it to check out';

/** The message for a line that asks for more than the merchant has, or undefined. */
function stockProblem(quantity: number, stock: number | null | undefined): string | undefined {
  if (typeof stock !== 'number' || quantity <= stock) return undefined;
  return stock === 0 ? 'Out of stock: remove it to check out' : `Only ${stock} in stock`;
}

/** The most of a product one checkout may hold: what the merchant has, and never above the limit. */
function quantityCap(stock: number | null | undefined): number {
  return typeof stock === 'number' ? Math.max(1, Math.min(MAX_QUANTITY, stock)) : MAX_QUANTITY;
}

/** Why a line's quantity can go no higher, when it is at its cap (said under the field). */
function capReason(quantity: number, stock: number | null | undefined): string | undefined {
  if (typeof stock === 'number' && stock > 0 && stock <= MAX_QUANTITY && quantity === stock)
    return `Only ${stock} in stock`;
  if (quantity >= MAX_QUANTITY && (typeof stock !== 'number' || stock >= MAX_QUANTITY))
    return `At most ${MAX_QUANTITY} per checkout`;
  return undefined;
}

/**
 * A line's quantity. While it is being typed the field holds the text as it is (empty included,
 * so a number can be cleared and typed again); each whole number of 1 or more goes to the cart,
 * capped at what the merchant has, and leaving the field shows the cart's quantity again.
 */
function QuantityField({
  line,
  stock,
  cap,
  unavailable,
  actions,
}: {
  line: CartLine;
  stock: number | null | undefined;
  cap: number;
  /** The product is no longer for sale: the field says so, whatever the quantity. */
  unavailable: boolean;
  actions: LineActions;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const draftProblem = draft === null ? undefined : quantityProblem(draft);
  return (
    <Field
      label={
        <>
          Quantity<VisuallyHidden> of {line.name}</VisuallyHidden>
        </>
      }
      description={capReason(line.quantity, stock)}
      error={unavailable ? UNAVAILABLE : (draftProblem ?? stockProblem(line.quantity, stock))}
    >
      <TextInput
        type="number"
        min={1}
        max={cap}
        value={draft ?? String(line.quantity)}
        onChange={(event) => {
          const text = event.target.value;
          // Until it is a whole number from 1 the cart keeps its quantity, and the field says why.
          // Each change clears what was announced before, which no longer holds.
          if (quantityProblem(text)) {
            setDraft(text);
            actions.announce('');
            return;
          }
          const value = Number(text.trim());
          // Never more than the merchant has (nor than a checkout takes): the cart keeps the
          // capped quantity, and the field says why.
          const quantity = Math.min(value, cap);
          setDraft(value > cap ? null : text);
          cartStore.update((cart) => setQuantity(cart, line.productId, quantity));
          actions.announce(
            value > cap
              ? `${capReason(quantity, stock) ?? `At most ${cap}`}: ${line.name} set to ${quantity}.`
              : '',
          );
        }}
        onBlur={() => {
          // Left unusable: the field shows the cart's quantity again, and says so.
          if (draftProblem) actions.announce(`Quantity of ${line.name} kept at ${line.quantity}.`);
          setDraft(null);
        }}
      />
    </Field>
  );
}

/** What the cart page does for a line: remove it, or say something about it to screen readers. */
interface LineActions {
  /** Removes the line, moving the focus to the next one (or to the empty cart). */
  remove: (productId: string) => void;
  /** Keeps (or forgets, with null) the line's Remove button, where the focus goes after a removal. */
  removeButton: (productId: string, button: HTMLButtonElement | null) => void;
  announce: (message: string) => void;
}

// One line: the product and its price on top with Remove beside it, the quantity and the line's
// total under them; on a wide screen all four in a row. The cells beside the quantity field start
// where its input does (under its label), so a message under the field moves nothing.
const LINE_AREAS = {
  initial: '"item remove" "quantity total"',
  xs: '"item quantity total remove"',
};
const LINE_COLUMNS = {
  initial: 'minmax(0, 1fr) auto',
  xs: 'minmax(0, 1fr) 8rem minmax(5rem, auto) auto',
};
/** The height of the quantity field's label and the gap under it: where its input starts. */
const INPUT_TOP = 'calc(var(--line-height-2) + var(--space-1))';
/** The height of the (medium) quantity input, to centre the line's total beside it. */
const INPUT_HEIGHT = 'var(--space-6)';

function MerchantCheckout({
  group,
  stockOf,
  unavailable,
  onStale,
  actions,
}: {
  group: MerchantGroup;
  stockOf: StockOf;
  /** Whether a line's product is known to be no longer for sale. */
  unavailable: (productId: string) => boolean;
  /** Reads the products again (the checkout found one no longer for sale). */
  onStale: () => void;
  actions: LineActions;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const overStock = group.lines.some(
    (line) => unavailable(line.productId) || stockProblem(line.quantity, stockOf(line.productId)),
  );
  // Back from the checkout page into a page the browser kept (back-forward cache): ready again.
  useEffect(() => {
    const ready = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', ready);
    return () => window.removeEventListener('pageshow', ready);
  }, []);

  const onCheckout = async () => {
    // More than the merchant has: said at the quantity, which takes the focus; nothing is sent.
    if (overStock) {
      listRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    const { lines } = group;
    // The cart's idempotency key (kept in this browser): a second click, a retry after a lost
    // answer or a return with the Back button reopens the order this cart started. A cart changed
    // since its checkout was opened names that checkout, whose units of stock then go back.
    const replaces = cartStore.replacedCheckoutKey(lines);
    const start = () =>
      api.checkout.createOrderCheckout(
        { items: checkoutItems(lines) },
        {
          siteUrl: window.location.origin,
          idempotencyKey: cartStore.checkoutKey(lines),
          ...(replaces ? { replaces } : {}),
        },
      );
    try {
      let session;
      try {
        session = await start();
      } catch (caught) {
        const code = caught instanceof ApiError ? caught.upstreamCode : undefined;
        if (code !== 'checkout_closed' && code !== 'idempotency_key_reused') throw caught;
        // That checkout cannot be reopened (it expired, or was started signed in as someone
        // else): this one is new.
        cartStore.forgetCheckoutKey(lines);
        session = await start();
      }
      cartStore.rememberCheckout(session.orderId, lines);
      window.location.assign(session.url);
    } catch (caught) {
      // Paid already: buying the same again is a new checkout.
      if (caught instanceof ApiError && caught.upstreamCode === 'checkout_completed')
        cartStore.forgetCheckoutKey(lines);
      // Taken out of the shop since the cart was read: named, and marked at its line once the
      // products are read again.
      const gone = /Product ([0-9a-f-]{36}) is not for sale/.exec(
        caught instanceof Error ? caught.message : '',
      );
      if (gone) onStale();
      const goneName = gone && lines.find((line) => line.productId === gone[1])?.name;
      setError(
        caught instanceof ApiError && caught.code === 'network'
          ? 'The connection dropped before the checkout opened. Try again: the same order is reopened, never placed twice.'
          : gone
            ? `${goneName ?? 'A product in this order'} is no longer for sale: remove it to check out.`
            : errorMessage(caught),
      );
      setBusy(false);
    }
  };

  return (
    // The compact card leaves a phone the width for "Check out with {merchant}" on one line.
    <Card size="md">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          {group.merchantName}
        </Heading>
        <Flex asChild direction="column" gap="4">
          <ul
            ref={listRef}
            aria-label={`Products from ${group.merchantName}`}
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {group.lines.map((line) => {
              const stock = stockOf(line.productId);
              const cap = quantityCap(stock);
              return (
                <li key={line.productId}>
                  <Grid areas={LINE_AREAS} columns={LINE_COLUMNS} gapX="3" gapY="2" align="start">
                    <Box gridArea="item" style={{ minWidth: 0 }}>
                      <Link to={`/shop/${line.slug}`}>{line.name}</Link>
                      <Text as="p" size="2" color="gray">
                        {formatPrice(line.priceCents, line.currency)} each
                      </Text>
                    </Box>
                    <Box gridArea="quantity" style={{ maxWidth: '8rem' }}>
                      <QuantityField
                        line={line}
                        stock={stock}
                        cap={cap}
                        unavailable={unavailable(line.productId)}
                        actions={actions}
                      />
                    </Box>
                    <Flex
                      gridArea="total"
                      mt={INPUT_TOP}
                      align="center"
                      justify="end"
                      height={INPUT_HEIGHT}
                    >
                      <Text weight="bold">{formatPrice(lineTotal(line), line.currency)}</Text>
                    </Flex>
                    {/* Beside the product's name on a phone, beside the quantity on a wide screen. */}
                    <Box gridArea="remove" mt={{ initial: '0', xs: INPUT_TOP }}>
                      <Button
                        ref={(button) => actions.removeButton(line.productId, button)}
                        variant="ghost"
                        aria-label={`Remove ${line.name}`}
                        onClick={() => actions.remove(line.productId)}
                      >
                        Remove
                      </Button>
                    </Box>
                  </Grid>
                </li>
              );
            })}
          </ul>
        </Flex>
        {error ? (
          <ErrorCard align="start" title="The checkout could not start" message={error} />
        ) : null}
        <Flex
          direction={{ initial: 'column', xs: 'row' }}
          justify="between"
          align={{ initial: 'stretch', xs: 'center' }}
          gap="3"
        >
          <Text size="4" weight="bold">
            Total {formatPrice(group.totalCents, group.currency)}
          </Text>
          <Button
            onClick={() => void onCheckout()}
            loading={busy}
            // On a phone the button spans the card, so the merchant's name fits on its line; a name
            // too long even for that wraps inside the button instead of pushing it past the card.
            style={{
              maxWidth: '100%',
              height: 'auto',
              minHeight: 'var(--base-button-height)',
              paddingBlock: 'var(--space-1)',
              whiteSpace: 'normal',
            }}
          >
            {`Check out with ${group.merchantName}`}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/** /cart: the products chosen in this browser, checked out one merchant at a time. */
export function Component() {
  const cart = useCart();
  const groups = groupByMerchant(cart);
  // What the merchants have now, so a quantity above it is said here rather than at checkout.
  const ids = [...new Set(groups.flatMap((g) => g.lines.map((line) => line.productId)))].sort();
  const products = useQuery({
    queryKey: ['products', 'cart-stock', ids],
    queryFn: () => api.products.listByIds(ids),
    enabled: ids.length > 0,
  });
  const stock = new Map((products.data ?? []).map((p) => [p.id, p.stock] as const));
  // Units an open checkout from this browser holds are this shopper's: checking out again
  // reopens that checkout or takes its place, and they go back first.
  const held = cartStore.heldUnits();
  const stockOf: StockOf = (productId) => {
    const left = stock.get(productId);
    return typeof left === 'number' ? left + (held.get(productId) ?? 0) : left;
  };
  // A product the read did not return (archived, hidden, its merchant suspended) or that is not
  // approved (its own merchant still sees it) is no longer for sale.
  const forSale = new Set(
    (products.data ?? []).filter((p) => p.status === 'approved').map((p) => p.id),
  );
  const unavailable = (productId: string) => products.isSuccess && !forSale.has(productId);

  // After a removal the focus goes to the next line's Remove button (the previous line's after the
  // last one), or to the empty cart's heading, never back to the top of the page.
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const emptyHeading = useRef<HTMLSpanElement>(null);
  const focusAfterRemoval = useRef<string | null | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const target = focusAfterRemoval.current;
    if (target === undefined) return;
    focusAfterRemoval.current = undefined;
    const element = target === null ? emptyHeading.current : removeButtons.current.get(target);
    element?.focus();
  }, [cart]);
  const actions: LineActions = {
    remove(productId) {
      const order = groups.flatMap((group) => group.lines);
      const index = order.findIndex((line) => line.productId === productId);
      if (index === -1) return;
      const removed = order[index]!;
      const next = order[index + 1] ?? order[index - 1];
      focusAfterRemoval.current = next ? next.productId : null;
      const place = cart.findIndex((line) => line.productId === productId);
      cartStore.update((lines) => removeFromCart(lines, productId));
      setAnnouncement(`Removed ${removed.name} from your cart.`);
      toast({
        title: 'Removed from your cart',
        description: removed.name,
        duration: UNDO_DURATION,
        action: {
          label: 'Undo',
          altText: `Undo: press F8 to reach the notification and put ${removed.name} back`,
          onClick: () => {
            // Back in its place, with the focus on its Remove button again.
            focusAfterRemoval.current = productId;
            cartStore.update((lines) => restoreLine(lines, removed, place));
            setAnnouncement(`${removed.name} is back in your cart.`);
          },
        },
      });
    },
    removeButton(productId, button) {
      if (button) removeButtons.current.set(productId, button);
      else removeButtons.current.delete(productId);
    },
    announce: setAnnouncement,
  };

  return (
    <Flex direction="column" gap="5">
      <title>Cart — Verdant</title>
      <PageHeader
        title="Cart"
        breadcrumbs={<Link to="/shop">Shop</Link>}
        description={
          groups.length > 1
            ? 'Each merchant is paid in its own checkout.'
            : 'Prices are confirmed at checkout.'
        }
      />
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {groups.length === 0 ? (
        <EmptyState
          bordered
          illustration="products"
          headingLevel={2}
          title={
            <span ref={emptyHeading} tabIndex={-1} style={{ outlineOffset: 4 }}>
              Your cart is empty
            </span>
          }
          description="Add products from the shop; they stay here when you come back."
          action={
            <Button asChild>
              <Link to="/shop">Go to the shop</Link>
            </Button>
          }
        />
      ) : (
        groups.map((group) => (
          <MerchantCheckout
            key={`${group.merchantId}:${group.currency}`}
            group={group}
            stockOf={stockOf}
            unavailable={unavailable}
            onStale={() => void products.refetch()}
            actions={actions}
          />
        ))
      )}
    </Flex>
  );
}
