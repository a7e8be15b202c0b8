import { Heading } from '@/components/ui/heading';
import { INVENTORY_TEXTS } from '../lib/inventory-texts';

/** What the file must look like: the columns the import reads (server asset-import.ts) and its limits. */
export function InventoryImportColumns() {
  const texts = INVENTORY_TEXTS.import;
  return (
    <section aria-labelledby="inventory-import-columns" className="space-y-2 text-sm">
      <Heading id="inventory-import-columns" className="font-medium">
        {texts.columnsHeading}
      </Heading>
      <p className="text-muted-foreground">{texts.columnsIntro}</p>
      <ul className="space-y-1">
        {texts.columns.map((column) => (
          <li key={column.name}>
            <span className="font-medium">{column.name}</span>
            <span className="text-muted-foreground">: {column.rule}</span>
          </li>
        ))}
      </ul>
      <pre className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap">
        {texts.example}
      </pre>
      <p className="text-muted-foreground">{texts.limits}</p>
    </section>
  );
}
