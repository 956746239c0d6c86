// GET /download/{filename}: a stored file, only to whoever may see it.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { PUBLIC_PROPERTY_STATUSES } from 'shared-api/contract';
import { Type } from 'typebox';
import { files, properties } from '../../db/schema';
import { errors } from '../../lib/schema';
import { notFound } from '../../lib/http-error';
import { STORAGE_KEY } from '../../storage/storage';
import { nameForType, type DetectedType } from '../../lib/file-type';

/** Lifetime of a presigned object-store link: enough to start the download, short if it leaks. */
const SIGNED_TTL_SECONDS = 300;
const DownloadParams = Type.Object({ filename: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
const DownloadQuery = Type.Object(
  { exp: Type.Optional(Type.String({ maxLength: 20 })), sig: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);

const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:filename',
    {
      onRequest: [app.authenticateOptional],
      schema: {
        tags: ['general'],
        summary: 'A stored file: property files once the listing is live, KYC to its owner and admins, or with a signed link',
        params: DownloadParams,
        querystring: DownloadQuery,
        response: { 200: Type.Unsafe({ type: 'string', format: 'binary' }), 302: Type.Null(), ...errors(401, 404) },
      },
    },
    async (request, reply) => {
      const key = request.params.filename;
      if (!STORAGE_KEY.test(key)) throw notFound('File not found');
      const id = key.slice(0, 36);
      const [row] = await app.db
        .select({ file: files, propertyStatus: properties.status, propertyOwner: properties.ownerId })
        .from(files)
        .leftJoin(properties, eq(properties.id, files.propertyId))
        .where(eq(files.id, id))
        .limit(1);
      if (!row) throw notFound('File not found');
      const { file } = row;
      if (file.storageKey !== key && !file.variants.some((v) => v.key === key)) throw notFound('File not found');

      const user = request.user;
      const isPropertyFile = file.kind === 'PROPERTY_IMAGE' || file.kind === 'PROPERTY_DOCUMENT';
      const open =
        file.kind === 'AVATAR' || (isPropertyFile && row.propertyStatus !== null && PUBLIC_PROPERTY_STATUSES.includes(row.propertyStatus));
      const allowed =
        open ||
        app.links.verify(key, request.query.exp, request.query.sig) ||
        user?.role === 'ADMIN' ||
        (user !== null && (isPropertyFile ? row.propertyOwner === user.id : file.userId === user.id));
      // Someone else's private file does not exist, as far as the caller can tell.
      if (!allowed) throw notFound('File not found');

      const mime = key.endsWith('.webp') ? 'image/webp' : file.mimeType;
      const image = mime.startsWith('image/');
      // The name's extension follows the stored type, whatever the client called it (older rows too).
      const safeName = key === file.storageKey ? nameForType(file.originalName, mime as DetectedType) : key;
      const asciiName = safeName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      const disposition = `${image ? 'inline' : 'attachment'}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(safeName)}`;
      // A private file in an object store: once allowed, a link of a few minutes straight to
      // the bucket (the bytes do not pass through this process). Public files stay on this
      // origin, where their long cache lifetime is safe.
      if (!open && app.storage.signedUrl) {
        const url = await app.storage.signedUrl(key, { ttlSeconds: SIGNED_TTL_SECONDS, contentType: mime, disposition });
        return reply.header('Cache-Control', 'no-store').redirect(url, 302);
      }
      const stored = await app.storage.get(key);
      if (!stored) throw notFound('File not found');
      reply
        .header('Content-Type', mime)
        .header('Content-Length', String(stored.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', disposition)
        .header('Cache-Control', open ? 'public, max-age=31536000, immutable' : 'private, max-age=3600');
      return reply.send(stored.stream);
    },
  );
};

export default fileRoutes;
