import {
  toolLabel,
  productDisplayName,
  type GenerationHistoryItem,
  type GenerationHistoryResponse,
  type OrderHistoryItem,
  type OrderHistoryResponse,
} from '@studio/contract';
import type { Db } from '../../db/client';
import * as billing from '../billing/billing.service';
import * as generations from '../generations/generations.service';
import * as credits from './credits.service';

/*
 * Every credit that came and went, for the Credit History screen: orders, welcome credits and
 * operator adjustments on the purchase side; generations (failed ones refunded and not counted),
 * lapsed plan credits and removed plan credits on the usage side.
 */

const paidStatuses = new Set(['completed', 'refunded']);

export async function orderHistory(
  db: Db,
  userId: string,
): Promise<Omit<OrderHistoryResponse, 'success'>> {
  const [orders, entries, balance] = await Promise.all([
    billing.listOrders({ db }, userId),
    credits.listHistoryEntries(db, userId),
    credits.balanceOf(db, userId),
  ]);
  const rows: OrderHistoryItem[] = orders.map((order) => ({
    id: order.id,
    created_at: order.createdAt.toISOString(),
    plan_display_name: productDisplayName(order.serviceType),
    credits_received: paidStatuses.has(order.status) ? order.credits : 0,
    amount: order.amountMinor / 100,
    currency: order.currency,
    status: order.status,
    source: 'order',
  }));
  for (const entry of entries) {
    const welcome = entry.idempotencyKey.startsWith('welcome:');
    const adjustment = entry.kind === 'adjust' && entry.referenceType === 'admin';
    if (!welcome && !adjustment) continue;
    rows.push({
      id: `${welcome ? 'welcome' : 'adjustment'}-${String(entry.id)}`,
      created_at: entry.createdAt.toISOString(),
      plan_display_name: welcome ? 'Welcome credits' : `Credit adjustment: ${entry.reason ?? ''}`,
      credits_received: entry.amount,
      amount: 0,
      currency: 'USD',
      status: 'completed',
      source: welcome ? 'welcome' : 'adjustment',
    });
  }
  rows.sort((a, b) => b.created_at.localeCompare(a.created_at));
  // Welcome credits and operator adjustments are listed, but only paid orders are purchases.
  const purchased = rows.filter((row) => row.status === 'completed' && row.source === 'order');
  return {
    current_balance: balance,
    total_credits_purchased: purchased.reduce((sum, row) => sum + row.credits_received, 0),
    total_orders: purchased.length,
    order_history: rows,
  };
}

const noDetails = {
  imageUrls: [],
  videoUrls: [],
  inputImageUrls: [],
  styleName: null,
  numberOfImages: 0,
  numberOfVideos: 0,
};

function generationStatus(generation: generations.GenerationRow): GenerationHistoryItem['status'] {
  if (generation.status === 'queued' || generation.status === 'running') return 'pending';
  return generation.status === 'succeeded' && generations.hasOutput(generation)
    ? 'succeeded'
    : 'refunded';
}

export async function generationHistory(
  db: Db,
  userId: string,
): Promise<Omit<GenerationHistoryResponse, 'success'>> {
  const [rows, entries, balance] = await Promise.all([
    generations.listGenerations(db, userId),
    credits.listHistoryEntries(db, userId),
    credits.balanceOf(db, userId),
  ]);
  const usage: GenerationHistoryResponse['usage_by_type'] = {};
  const items: GenerationHistoryItem[] = rows.map((generation) => {
    const status = generationStatus(generation);
    const displayName = toolLabel(generation.type);
    if (status === 'succeeded') {
      const bucket = (usage[generation.type] ??= {
        display_name: displayName,
        credits_used: 0,
        count: 0,
      });
      bucket.credits_used += generation.credits;
      bucket.count += 1;
    }
    return {
      id: generation.id,
      timestamp: generation.createdAt.toISOString(),
      generation_type: generation.type,
      display_name: displayName,
      prompt: generation.prompt,
      credits_used: generation.credits,
      status,
      details: {
        imageUrls: generation.imageUrls,
        videoUrls: generation.videoUrls,
        inputImageUrls: generation.inputImageUrls,
        styleName: generation.styleName,
        numberOfImages: generation.imageUrls.length,
        numberOfVideos: generation.videoUrls.length,
      },
    };
  });
  for (const entry of entries) {
    const expired = entry.kind === 'expire';
    const removed = entry.kind === 'adjust' && entry.referenceType === 'subscription';
    if ((!expired && !removed) || entry.amount === 0) continue;
    items.push({
      id: `${expired ? 'expiry' : 'removal'}-${String(entry.id)}`,
      timestamp: entry.createdAt.toISOString(),
      generation_type: 'credit_expiry',
      display_name: expired ? 'Expired plan credits' : 'Plan credits removed',
      prompt: expired ? 'Plan credits not used within their 30-day cycle' : (entry.reason ?? ''),
      credits_used: -entry.amount,
      status: expired ? 'expired' : 'adjusted',
      details: noDetails,
    });
  }
  items.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return { current_balance: balance, usage_by_type: usage, generation_history: items };
}
