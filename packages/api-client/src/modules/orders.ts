import type { ModuleContext } from '../context.ts';
import type { Database, Json } from '../database.types.ts';
import { currentUserId, listOwnRows, run, runOne, runPage } from '../request.ts';
import type { Page, Row } from '../types.ts';
import { boolean, integer, oneOf, range, shape, uuid, type PageInput } from '../validate.ts';

export type Order = Row<'orders'>;
export type OrderItem = Row<'order_items'>;
export type OrderWithItems = Order & { order_items: OrderItem[] };
export type OrderStatus = Order['status'];
export type RevenueMonth =
  Database['public']['Functions']['revenue_transparency']['Returns'][number];

/** The statuses of the orders a merchant has to ship or has shipped: paid, and refunded since. */
export const MERCHANT_ORDER_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;
export type MerchantOrderStatus = (typeof MERCHANT_ORDER_STATUSES)[number];

/** Where an order goes, as the buyer gave it at checkout (orders.shipping_address). */
export interface ShippingAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string | null;
  postal_code: string | null;
  state: string | null;
  /** ISO 3166-1 alpha-2, e.g. "GB". */
  country: string;
}

export interface MerchantOrderItem {
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

/** One of a merchant's orders, with what to send and where. */
export interface MerchantOrder {
  id: string;
  created_at: string;
  paid_at: string | null;
  status: MerchantOrderStatus;
  currency: string;
  total_cents: number;
  refunded_cents: number;
  buyer_email: string | null;
  /** Null for an order paid before addresses were collected. */
  shipping_address: ShippingAddress | null;
  items: MerchantOrderItem[];
}

export interface MerchantOrdersInput extends PageInput {
  /** One status only; absent: all of MERCHANT_ORDER_STATUSES. */
  status?: MerchantOrderStatus;
}

/** Every status an order can have (the check on `orders.status`). */
export const PURCHASE_STATUSES = [
  'pending',
  'paid',
  'partially_refunded',
  'refunded',
  'canceled',
  'failed',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/**
 * The orders a buyer's history lists unless asked for more: paid (refunded since or not) and
 * pending, a checkout whose payment is under way (its session expires unpaid within the hour).
 */
const PLACED_STATUSES = ['pending', 'paid', 'partially_refunded', 'refunded'] as const;

export interface PurchaseItem {
  product_name: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
  /** The product's address in the shop (`/products/{slug}`) while the shop lists it; else null. */
  product_slug: string | null;
}

/** One of the signed-in buyer's orders, with what was bought, from whom and where it ships. */
export interface Purchase {
  id: string;
  created_at: string;
  paid_at: string | null;
  status: PurchaseStatus;
  currency: string;
  total_cents: number;
  refunded_cents: number;
  /**
   * The merchant's company name, as the shop shows it; null when the shop no longer lists the
   * merchant (only approved merchants' profiles are public).
   */
  merchant_name: string | null;
  /** Null for an order without an address (paid before checkouts asked, or not paid yet). */
  shipping_address: ShippingAddress | null;
  items: PurchaseItem[];
}

export interface PurchasesInput extends PageInput {
  /**
   * Also the checkouts that ended unpaid (canceled: left or expired; failed); nothing was charged
   * for them. Default false.
   */
  includeNotCompleted?: boolean;
}

const ADDRESS_FIELDS = [
  'name',
  'line1',
  'line2',
  'city',
  'postal_code',
  'state',
  'country',
] as const;

/**
 * The stored address as its type. The database holds every writer to this shape (a check
 * constraint); anything else would be a newer shape this client does not know, shown as none.
 */
export function shippingAddressOf(value: Json | null | undefined): ShippingAddress | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const fields = value as Record<string, Json | undefined>;
  for (const field of ADDRESS_FIELDS) {
    const v = fields[field];
    if (v !== null && v !== undefined && typeof v !== 'string') return null;
  }
  const text = (field: (typeof ADDRESS_FIELDS)[number]) => {
    const v = fields[field];
    return typeof v === 'string' ? v : null;
  };
  const name = text('name');
  const line1 = text('line1');
  const country = text('country');
  if (!name || !line1 || !country) return null;
  return {
    name,
    line1,
    line2: text('line2'),
    city: text('city'),
    postal_code: text('postal_code'),
    state: text('state'),
    country,
  };
}

/** Orders are written by the payment functions; buyers and merchants read theirs. */
export function createOrdersModule({ supabase }: ModuleContext) {
  return {
    /** The signed-in buyer's orders, newest first. */
    listMine: (page?: PageInput): Promise<Page<Order>> =>
      listOwnRows(supabase, 'orders', 'buyer_id', page),

    /** The signed-in merchant's sales, newest first. */
    listSales: (page?: PageInput): Promise<Page<Order>> =>
      listOwnRows(supabase, 'orders', 'merchant_id', page),

    /**
     * The signed-in merchant's orders to ship: paid, partially refunded or refunded (never pending
     * or closed unpaid), newest payment first, each with its items, total, buyer email, shipping
     * address and status. `page` is 0-based; `status` narrows to one status. Row-level security
     * lets a merchant read only the orders of its own products; the filter on the merchant keeps
     * an admin's list to their own sales too.
     */
    async listForMerchant(input: MerchantOrdersInput = {}): Promise<Page<MerchantOrder>> {
      const checked = shape('input', input, ['page', 'pageSize', 'status']);
      // `range` checks the page and its size itself.
      const { from, to } = range(checked);
      const statuses =
        checked.status === undefined
          ? [...MERCHANT_ORDER_STATUSES]
          : [oneOf('status', checked.status, MERCHANT_ORDER_STATUSES)];
      const me = await currentUserId(supabase);
      const page = await runPage(
        supabase
          .from('orders')
          .select(
            'id, created_at, paid_at, status, currency, total_cents, refunded_cents, buyer_email, shipping_address, order_items(product_name, quantity, unit_price_cents, line_total_cents)',
            { count: 'exact' },
          )
          .eq('merchant_id', me)
          .in('status', statuses)
          .order('paid_at', { ascending: false, nullsFirst: false })
          .order('created_at', { ascending: false })
          .order('id', { ascending: true })
          .order('product_name', { referencedTable: 'order_items', ascending: true })
          .range(from, to),
      );
      return {
        total: page.total,
        rows: (page.rows ?? []).map(({ order_items, shipping_address, status, ...order }) => ({
          ...order,
          status: status as MerchantOrderStatus,
          shipping_address: shippingAddressOf(shipping_address),
          items: order_items,
        })),
      };
    },

    /**
     * The signed-in buyer's orders, newest first, each with its items, its merchant's name, total,
     * refunds, status and shipping address. Paid, refunded and pending orders by default; with
     * `includeNotCompleted`, also the checkouts that ended unpaid. `page` is 0-based. Row-level
     * security lets a buyer read only their own orders; the filter on the buyer keeps a merchant's
     * or an admin's list to their own purchases too.
     */
    async listPurchases(input: PurchasesInput = {}): Promise<Page<Purchase>> {
      const checked = shape('input', input, ['page', 'pageSize', 'includeNotCompleted']);
      // `range` checks the page and its size itself.
      const { from, to } = range(checked);
      const all =
        checked.includeNotCompleted === undefined
          ? false
          : boolean('includeNotCompleted', checked.includeNotCompleted);
      const statuses = all ? [...PURCHASE_STATUSES] : [...PLACED_STATUSES];
      const me = await currentUserId(supabase);
      const page = await runPage(
        supabase
          .from('orders')
          .select(
            'id, created_at, paid_at, status, currency, total_cents, refunded_cents, shipping_address, merchant:merchant_profiles!orders_merchant_id_fkey(company_name), order_items(product_name, quantity, unit_price_cents, line_total_cents, product:products!order_items_product_id_fkey(slug))',
            { count: 'exact' },
          )
          .eq('buyer_id', me)
          .in('status', statuses)
          .order('created_at', { ascending: false })
          .order('id', { ascending: true })
          .order('product_name', { referencedTable: 'order_items', ascending: true })
          .range(from, to),
      );
      return {
        total: page.total,
        rows: (page.rows ?? []).map(
          ({ order_items, merchant, shipping_address, status, ...order }) => ({
            ...order,
            status: status as PurchaseStatus,
            merchant_name: merchant?.company_name ?? null,
            shipping_address: shippingAddressOf(shipping_address),
            items: order_items.map(({ product, ...item }) => ({
              ...item,
              product_slug: product?.slug ?? null,
            })),
          }),
        ),
      };
    },

    /** One order with its items, if the caller is its buyer, its merchant or an admin. */
    async get(id: string): Promise<OrderWithItems> {
      return runOne(
        supabase.from('orders').select('*, order_items(*)').eq('id', uuid('id', id)).maybeSingle(),
        'Order',
      );
    },

    /**
     * The status of the order with this id, for anyone who holds the id (a guest back from the
     * checkout, say); null when there is no such order. Nothing else about the order is revealed.
     */
    async paymentStatus(id: string): Promise<OrderStatus | null> {
      const status = await run(supabase.rpc('order_payment_status', { order_id: uuid('id', id) }));
      return status ?? null;
    },

    /**
     * Where the order with this id ships, town and country only, for anyone who holds the id (a
     * guest back from the checkout); null when the order has no shipping address (or no such
     * order). The whole address is the buyer's, the merchant's and the admins' (`get`).
     */
    async shippingDestination(
      id: string,
    ): Promise<{ city: string | null; country: string } | null> {
      const destination = await run(
        supabase.rpc('order_shipping_destination', { order_id: uuid('id', id) }),
      );
      if (typeof destination !== 'object' || destination === null || Array.isArray(destination))
        return null;
      const { city, country } = destination as Record<string, Json | undefined>;
      if (typeof country !== 'string') return null;
      return { city: typeof city === 'string' ? city : null, country };
    },

    /** Public monthly aggregates of the revenue split (months with at least three sales only). */
    async revenueTransparency(months = 12): Promise<RevenueMonth[]> {
      return run(
        supabase.rpc('revenue_transparency', { months: integer('months', months, 1, 120) }),
      );
    },
  };
}

export type OrdersModule = ReturnType<typeof createOrdersModule>;
