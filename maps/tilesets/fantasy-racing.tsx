<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="fantasy-racing" tilewidth="32" tileheight="32" tilecount="52" columns="8">
 <image source="fantasy-racing.png" width="256" height="224"/>
 <tile id="0">
  <properties>
   <property name="tile" value="grass-1"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="tile" value="grass-2"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="tile" value="grass-3"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="tile" value="dirt-1"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="tile" value="dirt-2"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="tile" value="stone-1"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="tile" value="stone-2"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="tile" value="sand-1"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="tile" value="sand-2"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="tile" value="snow-1"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="tile" value="snow-2"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="tile" value="mine-1"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="tile" value="mine-2"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="tile" value="rail"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="tile" value="moss-1"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="tile" value="moss-2"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="tile" value="barrier-fence"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="tile" value="barrier-stakes"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="tile" value="barrier-bricks"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="tile" value="rock-1"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="tile" value="rock-2"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="tile" value="hole-1"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="tile" value="hole-2"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="tile" value="shortcut-1"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="tile" value="shortcut-2"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="tile" value="chest"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="tile" value="coin"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="tile" value="clover"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="tile" value="shield"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="tile" value="finish-top"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="tile" value="finish-bottom"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="tile" value="arrow"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="tile" value="start-1"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="tile" value="start-2"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="tile" value="start-3"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="tile" value="start-4"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="tile" value="start-5"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="tile" value="start-6"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="tile" value="flowers"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="tile" value="tuft"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="tile" value="pebbles"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="tile" value="mushrooms"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="tile" value="crystals"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="tile" value="leaves"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="tile" value="lantern"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="tile" value="bones"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="tile" value="snowdrift"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="tile" value="reeds"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="tile" value="verge-grass"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="tile" value="verge-moss"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="tile" value="verge-snow"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="tile" value="verge-sand"/>
  </properties>
 </tile>
</tileset>
