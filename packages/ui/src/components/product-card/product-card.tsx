import * as React from 'react';
import { Slot } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';
import {
  SustainabilityIcon,
  sustainabilityAttributeLabel,
} from '../sustainability-icon/sustainability-icon.tsx';
import { formatCo2e, formatPrice } from './format.ts';

export const productCardVariants = cva('vd-product-card', {
  variants: {
    layout: { vertical: 'vd-product-card--vertical', horizontal: 'vd-product-card--horizontal' },
  },
  defaultVariants: { layout: 'vertical' },
});

export interface ProductCardProps
  extends
    Omit<React.ComponentPropsWithoutRef<'article'>, 'children'>,
    VariantProps<typeof productCardVariants> {
  name: string;
  /** The merchant's name, shown above the product name. */
  merchant?: React.ReactNode;
  /** Product image URL; without it a branded placeholder is shown. */
  imageSrc?: string;
  /** Alternative text of the image; empty (decorative) by default, as the name is next to it. */
  imageAlt?: string;
  /**
   * The card is among the first things its page shows (above the fold): its image loads at once and
   * with high priority, as a page's largest paint should, instead of lazily once it is near the
   * viewport (the default).
   */
  imagePriority?: boolean;
  /** Price in integer cents (the `products.price_cents` value). */
  priceCents: number;
  /** ISO 4217 code, e.g. "USD". */
  currency: string;
  /** Locale for the price and CO2e figures; the browser's by default. */
  locale?: string;
  /** Sustainability attributes (`products.sustainability_attributes`), shown as chips with their glyph. */
  attributes?: readonly string[];
  /** How many attribute chips to show before "+N". Defaults to 3. */
  maxAttributes?: number;
  /**
   * Verified claims about this product, e.g. `<SustainabilityBadge size="1" … />` elements (they
   * open their evidence). Shown as a group named by `claimsLabel`.
   */
  claims?: React.ReactNode;
  /** The accessible name of the product's claims. Defaults to "Verified claims about this product". */
  claimsLabel?: string;
  /**
   * The merchant's verified claims about its whole company (badges, as `claims`): shown apart from
   * the product's own, under `merchantClaimsLabel`, so they never read as claims about the product.
   */
  merchantClaims?: React.ReactNode;
  /**
   * The visible heading of `merchantClaims`. Defaults to "About {merchant}: verified claims" when
   * `merchant` is text, else "About the merchant: verified claims".
   */
  merchantClaimsLabel?: React.ReactNode;
  /** Estimated footprint in grams CO2e (`products.co2e_grams`); `null` or absent hides it. */
  co2eGrams?: number | null;
  /** Where the footprint figure comes from (`products.co2e_source`), shown under it. */
  co2eSource?: string;
  /** Nothing left to buy (`products.stock` is 0): said beside the price. */
  soldOut?: boolean;
  /**
   * The product's link, rendered through `asChild` around the name, e.g. `<a href="/products/x" />`
   * or a router link. The whole card becomes its click target; claims and the action stay separate.
   */
  link?: React.ReactElement;
  /** A call to action in the card's footer, e.g. a Button or CopyButton. */
  action?: React.ReactNode;
  /** Heading level of the name, so it fits the page outline. */
  headingLevel?: 2 | 3 | 4;
}

/** A product in the shop, a storefront or a program: image, merchant, name, price, claims and CO2e. */
export const ProductCard = React.forwardRef<HTMLElement, ProductCardProps>(function ProductCard(
  {
    name,
    merchant,
    imageSrc,
    imageAlt = '',
    imagePriority = false,
    priceCents,
    currency,
    locale,
    attributes = [],
    maxAttributes = 3,
    claims,
    claimsLabel = 'Verified claims about this product',
    merchantClaims,
    merchantClaimsLabel,
    co2eGrams,
    co2eSource,
    soldOut = false,
    link,
    action,
    headingLevel = 3,
    layout,
    className,
    ...rest
  },
  ref,
) {
  const Heading = `h${headingLevel}` as const;
  const merchantClaimsId = React.useId();
  const shown = attributes.slice(0, maxAttributes);
  const hidden = attributes.slice(maxAttributes);
  const hasCo2e = co2eGrams !== null && co2eGrams !== undefined;
  return (
    <article
      ref={ref}
      data-slot="product-card"
      data-linked={link ? '' : undefined}
      className={productCardVariants({ layout, className })}
      {...rest}
    >
      <div className="vd-product-card__media" data-slot="product-card-media">
        {imageSrc ? (
          <img
            src={imageSrc}
            alt={imageAlt}
            loading={imagePriority ? 'eager' : 'lazy'}
            fetchPriority={imagePriority ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <div className="vd-product-card__placeholder" aria-hidden>
            <SustainabilityIcon glyph="leaf" size={32} />
          </div>
        )}
      </div>
      <div className="vd-product-card__body">
        {merchant ? (
          <p className="vd-product-card__merchant" data-slot="product-card-merchant">
            {merchant}
          </p>
        ) : null}
        <Heading className="vd-product-card__name" data-slot="product-card-name">
          {link ? (
            <Slot.Root className="vd-product-card__link">
              {React.cloneElement(link, undefined, name)}
            </Slot.Root>
          ) : (
            name
          )}
        </Heading>
        <p className="vd-product-card__price" data-slot="product-card-price">
          {formatPrice(priceCents, currency, locale)}
          {soldOut ? (
            <span className="vd-product-card__sold-out" data-slot="product-card-sold-out">
              {/* Read as "$24.99, sold out". */}
              <span className="vd-visually-hidden">, </span>Sold out
            </span>
          ) : null}
        </p>
        {shown.length > 0 ? (
          <ul className="vd-product-card__attributes" aria-label="Sustainability attributes">
            {shown.map((attribute) => (
              <li key={attribute} className="vd-product-card__attribute">
                <SustainabilityIcon glyph={attribute as 'leaf'} size={13} />
                {sustainabilityAttributeLabel(attribute)}
              </li>
            ))}
            {hidden.length > 0 ? (
              <li
                className="vd-product-card__attribute vd-product-card__attribute--more"
                title={hidden.map(sustainabilityAttributeLabel).join(', ')}
              >
                <span aria-hidden>+{hidden.length}</span>
                <span className="vd-visually-hidden">
                  {hidden.map(sustainabilityAttributeLabel).join(', ')}
                </span>
              </li>
            ) : null}
          </ul>
        ) : null}
        {claims ? (
          <div
            role="group"
            aria-label={claimsLabel}
            className="vd-product-card__claims"
            data-slot="product-card-claims"
          >
            {claims}
          </div>
        ) : null}
        {merchantClaims ? (
          <div
            role="group"
            aria-labelledby={merchantClaimsId}
            className="vd-product-card__claims vd-product-card__claims--merchant"
            data-slot="product-card-merchant-claims"
          >
            <p id={merchantClaimsId} className="vd-product-card__claims-label">
              {merchantClaimsLabel ??
                `About ${typeof merchant === 'string' ? merchant : 'the merchant'}: verified claims`}
            </p>
            {merchantClaims}
          </div>
        ) : null}
        {hasCo2e ? (
          // The figure never without its source, in view (two lines, the whole in its title).
          <p className="vd-product-card__co2e" data-slot="product-card-co2e">
            <SustainabilityIcon glyph="leaf" size={13} />
            <span>
              <span className="vd-visually-hidden">Estimated footprint: </span>
              {formatCo2e(co2eGrams, locale)}
              <span aria-hidden> est.</span>
            </span>
            {co2eSource ? (
              <span
                className="vd-product-card__co2e-source"
                data-slot="product-card-co2e-source"
                title={`Source: ${co2eSource}`}
              >
                {`Source: ${co2eSource}`}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
      {action ? (
        <div className="vd-product-card__footer" data-slot="product-card-action">
          {action}
        </div>
      ) : null}
    </article>
  );
});
