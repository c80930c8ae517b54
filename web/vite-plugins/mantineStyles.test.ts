import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mantineStyleSheets } from './mantineStyles';

describe('mantineStyleSheets (the Mantine CSS the app loads)', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const sheetsFor = (source: string) => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'mantine-styles-'));
    writeFileSync(path.join(dir, 'Page.tsx'), source);
    return mantineStyleSheets(dir);
  };

  it("takes the imported components' sheets and those of the components they render, in styles.css order", () => {
    const sheets = sheetsFor("import { Button } from '@mantine/core';\nexport const page = Button;\n");
    expect(sheets.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    expect(sheets).toEqual(expect.arrayContaining(['Button', 'UnstyledButton', 'Loader']));
    expect(sheets.indexOf('UnstyledButton')).toBeLessThan(sheets.indexOf('Button'));
    expect(sheets).not.toContain('Table');
  });

  it('ignores type-only imports and other packages', () => {
    const sheets = sheetsFor(
      "import { type TableProps, Text } from '@mantine/core';\nimport { useDisclosure } from '@mantine/hooks';\n",
    );
    expect(sheets).toContain('Text');
    expect(sheets).not.toContain('Table');
  });

  it("covers the core components a chart renders when the sources use '@mantine/charts'", () => {
    // The chart's tooltip and legend draw colour swatches.
    expect(sheetsFor("import { BarChart } from '@mantine/charts';\n")).toContain('ColorSwatch');
  });

  it('passes over a type imported without `type`: it has no styles', () => {
    expect(sheetsFor("import { MantineThemeOverride, Badge } from '@mantine/core';\n")).toContain('Badge');
  });
});
