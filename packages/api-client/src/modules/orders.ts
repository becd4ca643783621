import type { ModuleContext } from '../context.ts';
import type { Database } from '../database.types.ts';
import { listOwnRows, run, runOne } from '../request.ts';
import type { Page, Row } from '../types.ts';
import { integer, uuid, type PageInput } from '../validate.ts';

export type Order = Row<'orders'>;
export type OrderItem = Row<'order_items'>;
export type OrderWithItems = Order & { order_items: OrderItem[] };
export type OrderStatus = Order['status'];
export type RevenueMonth =
  Database['public']['Functions']['revenue_transparency']['Returns'][number];

/** Orders are written by the payment functions; buyers and merchants read theirs. */
export function createOrdersModule({ supabase }: ModuleContext) {
  return {
    /** The signed-in buyer's orders, newest first. */
    listMine: (page?: PageInput): Promise<Page<Order>> =>
      listOwnRows(supabase, 'orders', 'buyer_id', page),

    /** The signed-in merchant's sales, newest first. */
    listSales: (page?: PageInput): Promise<Page<Order>> =>
      listOwnRows(supabase, 'orders', 'merchant_id', page),

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

    /** Public monthly aggregates of the revenue split (months with at least three sales only). */
    async revenueTransparency(months = 12): Promise<RevenueMonth[]> {
      return run(
        supabase.rpc('revenue_transparency', { months: integer('months', months, 1, 120) }),
      );
    },
  };
}

export type OrdersModule = ReturnType<typeof createOrdersModule>;
