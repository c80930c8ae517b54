/**
 * Reads a statement's XML into a plain tree with the streaming parser saxes, under limits that a real
 * camt.053 stays far below. A streaming parser lets every limit act while the file is read (the
 * offending element is refused before the next one is parsed), and saxes never expands entities
 * declared in a DTD: the parser's `doctype` event refuses any DOCTYPE wherever it stands, with a
 * message that says what the declaration tried to do (entity expansion, an external file).
 *
 * Tree shape: an element is a string (text only) or a node whose children are keyed by local name
 * (namespace prefix removed), attributes as `@name` and text beside children as `#text`. Names in
 * `arrays` always map to arrays. Nodes have no prototype, so an element named `__proto__` is data.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { StatementError } from './types.js';

type XmlNode = { [key: string]: XmlValue };
type XmlValue = string | XmlNode | XmlValue[];

interface XmlLimits {
  /** Deepest element nesting; camt.053 needs about 12 levels. */
  maxDepth: number;
  /** Attributes on one element; camt.053 uses one (`Ccy`) plus namespace declarations on the root. */
  maxAttributesPerElement: number;
  /** Element name that starts a record (camt.053: `Ntry`) and how much one record may hold. */
  recordElement: string;
  maxElementsPerRecord: number;
  maxAttributesPerRecord: number;
  /** The whole document. */
  maxElements: number;
  maxAttributes: number;
}

export interface XmlReadOptions {
  /** Called between chunks with the share of the text read so far (0–1). */
  onProgress?: (fraction: number) => void;
  /** Characters handed to the parser at a time (progress granularity). */
  chunkSize?: number;
}

export const CAMT_XML_LIMITS: XmlLimits = {
  maxDepth: 40,
  maxAttributesPerElement: 16,
  recordElement: 'Ntry',
  // A collective entry of several hundred transfers has a few thousand elements.
  maxElementsPerRecord: 20_000,
  maxAttributesPerRecord: 5_000,
  maxElements: 2_000_000,
  // A 20 MB statement of real entries carries about 200,000 (an amount's currency on each).
  maxAttributes: 500_000,
};

const fmt = (n: number) => n.toLocaleString('pl-PL');

/** What a DOCTYPE tried to do, for a message the admin can act on. The text is the parser's `doctype` event. */
function doctypeRefusal(doctype: string, line: number): StatementError {
  const where = `wiersz ${line}`;
  if (/<!ENTITY\s[^>]*\b(SYSTEM|PUBLIC)\b/i.test(doctype) || /^\s*\S+\s+(SYSTEM|PUBLIC)\b/i.test(doctype)) {
    return new StatementError(
      'xml-external-entity',
      `Plik XML odwołuje się do zewnętrznego pliku lub adresu (deklaracja DOCTYPE z SYSTEM/PUBLIC, ${where}). Takich odwołań nie otwieramy, a wyciągi camt.053 ich nie mają — plik odrzucono.`,
    );
  }
  if (/<!ENTITY/i.test(doctype)) {
    return new StatementError(
      'xml-entity-expansion',
      `Plik XML definiuje własne encje (<!ENTITY>, ${where}), których rozwinięcie może zająć ogromną ilość pamięci. Wyciągi camt.053 ich nie mają — plik odrzucono bez rozwijania.`,
    );
  }
  return new StatementError(
    'xml-doctype',
    `Plik XML zawiera deklarację DOCTYPE (${where}), której wyciągi camt.053 nie mają — plik odrzucono.`,
  );
}

export function readXmlTree(
  text: string,
  arrays: ReadonlySet<string>,
  limits: XmlLimits = CAMT_XML_LIMITS,
  options: XmlReadOptions = {},
): XmlNode {
  const parser = new SaxesParser({ position: true });
  const tree = treeBuilder(arrays);
  const counter = limitCounter(limits, () => parser.line);

  let closing = false;
  parser.on('error', (error) => {
    // Errors found only when the input ends mean the file was cut off.
    throw xmlError(error.message, parser.line, closing);
  });
  parser.on('doctype', (doctype) => {
    throw doctypeRefusal(doctype, parser.line);
  });
  parser.on('opentagstart', (tag) => counter.element(localName(tag.name), tree.depth()));
  parser.on('attribute', () => counter.attribute());
  parser.on('opentag', (tag) => tree.open(tag as SaxesTagPlain));
  parser.on('text', tree.text);
  parser.on('cdata', tree.text);
  parser.on('closetag', () => counter.closed(tree.close()));

  const chunkSize = options.chunkSize ?? 256 * 1024;
  for (let at = 0; at < text.length; at += chunkSize) {
    parser.write(text.slice(at, at + chunkSize));
    options.onProgress?.(Math.min(1, (at + chunkSize) / text.length));
  }
  closing = true;
  parser.close();
  return tree.root;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * The tree of plain objects the parser's events build: attributes as `@name`, text beside children
 * as `#text`, repeated elements (and those named in `arrays`) as arrays.
 */
function treeBuilder(arrays: ReadonlySet<string>) {
  const root: XmlNode = Object.create(null) as XmlNode;
  const stack: XmlNode[] = [root];
  const names: string[] = [];
  const texts: string[] = [];
  return {
    root,
    /** How many elements are open. */
    depth: () => names.length,
    open(tag: SaxesTagPlain) {
      const node: XmlNode = Object.create(null) as XmlNode;
      for (const [name, value] of Object.entries(tag.attributes)) {
        // Namespace declarations are not data.
        if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
        node[`@${localName(name)}`] = value;
      }
      stack.push(node);
      names.push(localName(tag.name));
      texts.push('');
    },
    text(t: string) {
      if (texts.length) texts[texts.length - 1] += t;
    },
    /** Closes the innermost element into its parent; answers the depth left open. */
    close(): number {
      const node = stack.pop() as XmlNode;
      const name = names.pop() as string;
      const text = (texts.pop() as string).trim();
      const hasChildren = Object.keys(node).length > 0;
      let value: XmlValue = node;
      if (!hasChildren) value = text;
      else if (text) node['#text'] = text;
      const parent = stack[stack.length - 1];
      const existing = parent[name];
      if (existing === undefined) parent[name] = arrays.has(name) ? [value] : value;
      else if (Array.isArray(existing)) existing.push(value);
      else parent[name] = [existing, value];
      return names.length;
    },
  };
}

/** Counts elements and attributes — in the file, per element, per record — against `limits`; throws the Polish refusal past one. */
function limitCounter(limits: XmlLimits, line: () => number) {
  let elements = 0;
  let attributesHere = 0;
  let attributes = 0;
  let recordDepth = -1;
  let recordIndex = 0;
  let recordElements = 0;
  let recordAttributes = 0;
  let recordLine = 0;
  const inRecord = () => `Operacja nr ${fmt(recordIndex)} (element ${limits.recordElement} od wiersza ${recordLine})`;
  return {
    /** An element named `name` opens with `depth` elements around it. */
    element(name: string, depth: number) {
      attributesHere = 0;
      elements++;
      if (depth + 1 > limits.maxDepth) {
        throw new StatementError(
          'xml-too-deep',
          `Plik XML ma elementy zagnieżdżone głębiej niż ${fmt(limits.maxDepth)} poziomów (wiersz ${line()}); wyciąg camt.053 ma ich kilkanaście — plik jest uszkodzony lub spreparowany.`,
        );
      }
      if (elements > limits.maxElements) {
        throw new StatementError(
          'xml-too-large',
          `Plik XML ma ponad ${fmt(limits.maxElements)} elementów — to więcej, niż ma jakikolwiek wyciąg. Wyeksportuj z banku krótszy okres.`,
        );
      }
      if (name === limits.recordElement && recordDepth < 0) {
        recordDepth = depth;
        recordIndex++;
        recordElements = 0;
        recordAttributes = 0;
        recordLine = line();
      }
      if (recordDepth >= 0 && ++recordElements > limits.maxElementsPerRecord) {
        throw new StatementError(
          'xml-too-large',
          `${inRecord()} ma ponad ${fmt(limits.maxElementsPerRecord)} elementów — wyciąg tak nie wygląda, plik jest uszkodzony lub spreparowany.`,
        );
      }
    },
    attribute() {
      if (++attributesHere > limits.maxAttributesPerElement) {
        throw new StatementError(
          'xml-too-large',
          `Element w wierszu ${line()} ma ponad ${fmt(limits.maxAttributesPerElement)} atrybutów — wyciąg camt.053 ma ich najwyżej kilka; plik jest uszkodzony lub spreparowany.`,
        );
      }
      if (++attributes > limits.maxAttributes) {
        throw new StatementError(
          'xml-too-large',
          `Plik XML ma ponad ${fmt(limits.maxAttributes)} atrybutów — to więcej, niż ma jakikolwiek wyciąg; plik jest uszkodzony lub spreparowany.`,
        );
      }
      if (recordDepth >= 0 && ++recordAttributes > limits.maxAttributesPerRecord) {
        throw new StatementError(
          'xml-too-large',
          `${inRecord()} ma ponad ${fmt(limits.maxAttributesPerRecord)} atrybutów — plik jest uszkodzony lub spreparowany.`,
        );
      }
    },
    /** An element closed, leaving `depth` open: a record ends with its element. */
    closed(depth: number) {
      if (recordDepth === depth) recordDepth = -1;
    },
  };
}

function xmlError(parserMessage: string, line: number, atEnd: boolean): StatementError {
  if (/doctype/i.test(parserMessage))
    return new StatementError(
      'xml-doctype',
      `Plik XML zawiera deklarację DOCTYPE w niedozwolonym miejscu (wiersz ${line}) — plik odrzucono.`,
    );
  if (/undefined entity/i.test(parserMessage)) {
    return new StatementError(
      'malformed',
      `Plik XML jest uszkodzony: odwołuje się do nieznanej encji (wiersz ${line}). Wyciągi camt.053 używają tylko encji wbudowanych (&amp; itp.).`,
    );
  }
  return atEnd
    ? new StatementError(
        'truncated',
        `Plik XML jest niekompletny (urywa się w wierszu ${line}) — plik mógł zostać ucięty.`,
      )
    : new StatementError('malformed', `Plik XML jest uszkodzony (wiersz ${line}).`);
}
