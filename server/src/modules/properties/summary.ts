// The short form of a listing that orders and holdings carry (spec 3's figures and images).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { centsToDollars, type PropertySummary } from 'shared-api/contract';
import type { Executor } from '../../db/client';
import { files, properties, type FileRow, type PropertyRow } from '../../db/schema';
import { toImageRef } from '../files';
import { isPublic } from './service';

export function toPropertySummary(app: FastifyInstance, p: PropertyRow, images: FileRow[]): PropertySummary {
  return {
    _id: p.id,
    name: p.name,
    address: p.address,
    state: p.state,
    type: p.type,
    status: p.status,
    images: images.map((f) => toImageRef(app.links, f, !isPublic(p.status))),
    unitPrice: centsToDollars(p.unitPriceCents),
    roiInFiveYears: Number(p.roiInFiveYears),
    totalQuantity: p.totalQuantity,
    availableQuantity: p.availableQuantity,
    reservedQuantity: p.reservedQuantity,
    soldQuantity: p.settledQuantity,
    suspendedAt: p.suspendedAt ? p.suspendedAt.toISOString() : null,
    suspendedReason: p.suspendedReason,
  };
}

/** Summaries of the given listings, by id (one query). */
export async function propertySummaries(app: FastifyInstance, db: Executor, ids: string[]): Promise<Map<string, PropertySummary>> {
  const unique = [...new Set(ids)];
  const out = new Map<string, PropertySummary>();
  if (unique.length === 0) return out;
  const rows = await db
    .select({ p: properties, f: files })
    .from(properties)
    .leftJoin(files, and(eq(files.propertyId, properties.id), eq(files.kind, 'PROPERTY_IMAGE')))
    .where(inArray(properties.id, unique))
    .orderBy(asc(properties.id), asc(files.position), asc(files.createdAt), asc(files.id));
  const grouped = new Map<string, { p: PropertyRow; images: FileRow[] }>();
  for (const { p, f } of rows) {
    const g = grouped.get(p.id) ?? { p, images: [] };
    if (f) g.images.push(f);
    grouped.set(p.id, g);
  }
  for (const [id, g] of grouped) out.set(id, toPropertySummary(app, g.p, g.images));
  return out;
}
