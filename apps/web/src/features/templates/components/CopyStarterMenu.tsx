import type { TemplateDetail } from '@app/contract';
import { Alert, Menu } from '../../../components/index.ts';
import { useCopyStarter, useStarters } from '../../../lib/starters.ts';
import { TEMPLATE_ERRORS, TEMPLATE_TEXT } from '../texts.ts';

/** "Copy a starter": the starter strategies, each with what it is about; choosing one copies it, with
 *  its indicators, into the user's templates. */
export function CopyStarterMenu({ onCopied }: { onCopied: (t: TemplateDetail) => void }) {
  const starters = useStarters();
  const copy = useCopyStarter();
  return (
    <div className="flex flex-col items-end gap-2">
      <Menu
        label={TEMPLATE_TEXT.copyStarter}
        align="right"
        busy={copy.isPending}
        items={(starters.data ?? []).map((s) => ({ key: s.slug, label: s.name, description: [`BUY when ${s.buy.join(' and ')}`, s.sell.length ? `SELL when ${s.sell.join(' and ')}` : ''].filter(Boolean).join(' · ') }))}
        empty={starters.isError ? TEMPLATE_ERRORS.loadStarters : undefined}
        onSelect={(slug) => copy.mutate(slug, { onSuccess: onCopied })}
      />
      {copy.isError && <Alert tone="error">{TEMPLATE_ERRORS.copyStarter}</Alert>}
    </div>
  );
}
