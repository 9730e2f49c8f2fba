import type { AnyTool, DeclaredField, Scalar } from '@folio/registry';
import { usageError } from './exit-codes';
import { GLOBAL_OPTIONS, type GlobalOption } from './global-options';
import { toolOptions, type ToolOption } from './tool-options';

/** Commands besides the tools. */
const COMMANDS = ['completion', '--help', '--version'];
export const SHELLS = ['bash', 'zsh'] as const;

/** The values an option's value can be completed from: a select's options, a number's usual choices. */
function valuesOf(field: DeclaredField): string[] {
  const listed = field.options ?? field.choices ?? [];
  return listed.map((option) => String(option.value as Scalar));
}

/** Long names (with dashes) a tool command takes: each option's primary spelling, `--no-` for flags, the run options. */
function optionWords(options: readonly ToolOption[]): string[] {
  const own = options.flatMap((option) => (option.isFlag ? [`--${option.flag}`, `--no-${option.flag}`] : [`--${option.flag}`]));
  const taken = new Set(options.flatMap((option) => option.names));
  const globals = (Object.values(GLOBAL_OPTIONS) as GlobalOption[])
    .flatMap((global) => global.names.filter((name) => !taken.has(name)).slice(0, 1))
    .map((name) => `--${name}`);
  return [...own, ...globals];
}

const shellWord = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`);

function bashScript(tools: readonly AnyTool[]): string {
  const toolCases = tools.map((tool) => `    ${tool.id}) opts=${shellWord(optionWords(toolOptions(tool)).join(' '))} ;;`);
  const valueCases = tools.flatMap((tool) =>
    toolOptions(tool).flatMap((option) => {
      const values = valuesOf(option.declared);
      return values.length ? [`    ${tool.id}:--${option.flag}) COMPREPLY=( $(compgen -W ${shellWord(values.join(' '))} -- "$cur") ); return ;;`] : [];
    }),
  );
  return `# folio completion for bash. Load it with:  source <(folio completion bash)
# or save it:  folio completion bash > ~/.local/share/bash-completion/completions/folio
_folio() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=( $(compgen -W ${shellWord([...tools.map((tool) => tool.id), ...COMMANDS].join(' '))} -- "$cur") )
    return
  fi
  local tool="\${COMP_WORDS[1]}" opts=""
  case "$tool" in
    completion) COMPREPLY=( $(compgen -W '${SHELLS.join(' ')}' -- "$cur") ); return ;;
${toolCases.join('\n')}
  esac
  case "$tool:$prev" in
${valueCases.join('\n')}
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
  else
    COMPREPLY=( $(compgen -f -- "$cur") )
  fi
}
complete -o filenames -o bashdefault -F _folio folio
`;
}

/** Text inside a zsh _arguments spec: brackets, colons and quotes escaped. */
const zshText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/'/g, `'\\''`)
    .replace(/([[\]:])/g, '\\$1');

function zshSpecs(tool: AnyTool): string[] {
  const options = toolOptions(tool);
  const specs = options.flatMap((option) => {
    const label = zshText(option.declared.label);
    const repeat = option.repeatable ? '*' : '';
    if (option.isFlag) return [`'--${option.flag}[${label}]'`, `'--no-${option.flag}[${label}: off]'`];
    const values = valuesOf(option.declared);
    const action = option.declared.kind === 'file' ? '_files' : values.length ? `(${values.map(zshText).join(' ')})` : ' ';
    return [`'${repeat}--${option.flag}=[${label}]:${option.flag}:${action}'`];
  });
  const taken = new Set(options.flatMap((option) => option.names));
  for (const global of Object.values(GLOBAL_OPTIONS) as GlobalOption[]) {
    const name = global.names.find((candidate) => !taken.has(candidate));
    if (!name) continue;
    const help = zshText(global.help.split('.')[0]);
    const value = global.value ? `:${global.value}:${global.value === 'path' ? '_files' : ' '}` : '';
    specs.push(`'--${name}${global.value ? '=' : ''}[${help}]${value}'`);
  }
  specs.push(`'*:file:_files'`);
  return specs;
}

function zshScript(tools: readonly AnyTool[]): string {
  const described = tools.map((tool) => `    '${zshText(tool.id)}:${zshText(tool.subtitle)}'`);
  const cases = tools.map((tool) => `    ${tool.id}) _arguments -s \\\n      ${zshSpecs(tool).join(' \\\n      ')} ;;`);
  return `#compdef folio
# folio completion for zsh. Load it with:  source <(folio completion zsh)
# or save it as _folio in a folder of your $fpath.
_folio() {
  local -a tools
  tools=(
${described.join('\n')}
    'completion:Print a shell completion script'
  )
  if (( CURRENT == 2 )); then
    _describe -t tools 'folio tool' tools
    return
  fi
  local tool=$words[2]
  shift words
  (( CURRENT-- ))
  case $tool in
    completion) _values 'shell' ${SHELLS.join(' ')} ;;
${cases.join('\n')}
  esac
}
if [[ $funcstack[1] == _folio ]]; then
  _folio "$@"
else
  compdef _folio folio
fi
`;
}

/** `folio completion bash|zsh`: a script completing tool names, each tool's options and their values. */
export function completionScript(shell: string | undefined, tools: readonly AnyTool[]): string {
  if (shell === 'bash') return bashScript(tools);
  if (shell === 'zsh') return zshScript(tools);
  throw usageError(`Usage: folio completion ${SHELLS.join('|')}${shell ? ` (not ${shell})` : ''}`);
}
