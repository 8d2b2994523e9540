import fastifyMultipart from '@fastify/multipart';
import { uploadResponseSchema } from '@proshop/domain/product-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, invalid, tooLarge, unsupportedMedia } from '../../errors/app-error.ts';
import { errorResponses } from '../../errors/error-responses.ts';
import {
  IMAGE_TOO_LARGE,
  IMAGE_UPLOADED,
  MAX_UPLOAD_BYTES,
  ONLY_IMAGES,
  storeImage,
} from './service.ts';

const NO_IMAGE = 'Please choose an image to upload (form field "image")';

/** The bytes of the `image` file field; the multipart limits turn into shopper-readable errors. */
async function readImageField(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw unsupportedMedia(ONLY_IMAGES);
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'image') throw invalid(NO_IMAGE);
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(IMAGE_TOO_LARGE);
    throw invalid(NO_IMAGE);
  }
}

/** POST /api/upload. Multipart parsing is registered here only, not for the rest of the API. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/api/upload',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a product image (JPEG, PNG, WebP or GIF, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema, ...errorResponses(400, 413, 415) },
      },
    },
    async (request, reply) => {
      const bytes = await readImageField(request);
      const image = await storeImage(bytes, app.imageStorage, request.log);
      return reply.code(201).send({ message: IMAGE_UPLOADED, image });
    },
  );
};
