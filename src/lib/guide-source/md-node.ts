/** What the checks read of a Markdown syntax tree node (remark's mdast nodes have this shape). */
export type MdNode = {
  type: string;
  value?: string | undefined;
  url?: string | undefined;
  /** a definition's or reference's label, case-folded (mdast's normalized identifier) */
  identifier?: string | undefined;
  /** a reference's label as written */
  label?: string | null | undefined;
  alt?: string | null | undefined;
  position?:
    | {
        start: { line: number; column: number; offset?: number | undefined };
        end: { line: number; column: number; offset?: number | undefined };
      }
    | undefined;
  children?: MdNode[] | undefined;
};
