import type { CompiledIcuChoices, CompiledMessage } from "@lingui/message-utils/compileMessage";

const FSI = "\u2068";
const PDI = "\u2069";

/**
 * A right-to-left language's message with each value shown as it is (a member's name, a title, a
 * place) put between FSI and PDI, so the value's own direction cannot reorder the words around it
 * ("استعر من Bea Close." keeps its full stop with the name). Plural and select keys are left alone.
 * Done once, as the catalogue is compiled: the browser's translator only interpolates.
 */
export function isolateValues(message: CompiledMessage): CompiledMessage {
  const keys = new Set<string>();
  const collect = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === "string") continue;
      if (token.length > 1) keys.add(token[0]);
      for (const choice of choicesOf(token)) collect(choice);
    }
  };
  collect(message);
  const wrap = (tokens: CompiledMessage): CompiledMessage =>
    tokens.flatMap((token) => {
      if (typeof token === "string") return [token];
      if (token.length === 1) return keys.has(token[0]) ? [token] : [FSI, token, PDI];
      const choices = token[2] as CompiledIcuChoices | undefined;
      if (!choices || typeof choices !== "object") return [token];
      const wrapped = Object.fromEntries(Object.entries(choices).map(([name, choice]) => [name, Array.isArray(choice) ? wrap(choice) : choice]));
      return [[token[0], token[1], wrapped as CompiledIcuChoices]];
    });
  return wrap(message);
}

function choicesOf(token: Exclude<CompiledMessage[number], string>): CompiledMessage[] {
  const choices = token[2];
  if (!choices || typeof choices !== "object") return [];
  return Object.values(choices).filter((choice): choice is CompiledMessage => Array.isArray(choice));
}
