// A TypeDoc plugin for tools/typedoc.json: a chart element's page lists the
// members it declares, not again every member it inherits from PhasorElement
// (documented once, on PhasorElement) and HTMLElement (documented by the DOM).
import { Converter, ReflectionKind } from 'typedoc';

export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    for (const owner of project.getReflectionsByKind(ReflectionKind.Class)) {
      for (const member of [...(owner.children ?? [])]) {
        if (member.inheritedFrom && !member.overwrites) project.removeReflection(member);
      }
    }
  });
}
