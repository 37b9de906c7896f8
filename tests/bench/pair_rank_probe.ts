import { buildModel, slot } from "../../solver/model.ts";
import { generateInstance } from "../../solver/testing/generate.ts";
const model = buildModel(generateInstance(JSON.parse(Deno.args[0])));
const size = (d: number) => {
  let n = 0;
  model.instance.instructors.forEach((_, i) => {
    for (let h = 0; h < 24; h++) n += model.instructorFree[i][slot(d, h)];
  });
  return n;
};
const sizes = [...Array(model.days).keys()].map(size);
console.log(sizes.join(" "));
console.log(model.dates.map((d) => new Date(d).getUTCDay()).join(" "));
const pairs: [number, number, number][] = [];
for (let a = 0; a < model.days; a++) for (let b = a + 1; b < model.days; b++) pairs.push([a, b, sizes[a] + sizes[b]]);
pairs.sort((x, y) => x[2] - y[2]);
console.log("rank of 19,29:", pairs.findIndex((p) => p[0] === 19 && p[1] === 29), "of", pairs.length);
