// Why the server refused a sponsor's file or text (422 `asset.spec-unmet`), in the sponsor's
// language, one sentence per failing rule, worded from the spec (what was asked) and the fields
// (what the file or text is).
import type { AssetSpec } from '@sp/shared';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import type { TFunction as Translate } from '@/lib/i18n';

/** Why an upload was refused, one sentence per failing rule. */
export function refusalMessages(error: unknown, spec: AssetSpec | null, t: Translate): string[] {
  if (!(error instanceof ApiError) || error.code !== 'asset.spec-unmet' || !error.fields || !spec) {
    return [getErrorMessage(error, t)];
  }
  const f = error.fields;
  const out: string[] = [];
  if (f.file_type) {
    out.push(
      t('assets.refused.fileType', {
        type: f.file_type.toUpperCase(),
        allowed: spec.file_types.join(', ').toUpperCase(),
      }),
    );
  }
  if (f.vector) out.push(t('assets.refused.vector', { type: f.vector.toUpperCase() }));
  if (f.size) {
    const [width, height] = f.size.split('x');
    const asked =
      spec.min_width && spec.min_height
        ? t('assets.refused.askedBoth', { w: spec.min_width, h: spec.min_height })
        : spec.min_width
          ? t('assets.refused.askedWidth', { w: spec.min_width })
          : t('assets.refused.askedHeight', { h: spec.min_height ?? 0 });
    out.push(t('assets.refused.size', { width, height, asked }));
  }
  if (f.transparent) out.push(t('assets.refused.transparent'));
  if (f.alt_text) out.push(t('assets.refused.altText'));
  if (f.text_length && spec.text_limit) {
    out.push(
      t(`assets.refused.textLength.${spec.text_limit.unit}`, { length: f.text_length, max: spec.text_limit.max }),
    );
  }
  if (f.monochrome) out.push(t('assets.refused.monochrome'));
  return out;
}
